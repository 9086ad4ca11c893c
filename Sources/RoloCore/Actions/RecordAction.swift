/// One `[[sources.actions]]` table (or a built-in source's `[[actions]]`): something a key does
/// to a record, an HTTP request or a command, with its templates checked when the file is read.
public struct RecordAction: Sendable, Equatable {
    /// `[a-z][a-z0-9-]*`, unique in its source: `rolo act SOURCE NAME` and `[keys]` know it so.
    public var name: String
    /// Its key on its source's tab as written (`x`, `ctrl-x`); the app's key table checks it.
    public var key: String
    /// One line for the footer, `?` and the action menu.
    public var title: String
    /// Which records it applies to; nil for every record.
    public var when: ActionCondition?
    /// What it does.
    public var effect: Effect
    /// Whether to ask first, naming the record and the request.
    public var confirm: Bool
    /// What the user is asked for before it runs, in order; `{input.NAME}` in its templates.
    public var inputs: [ActionInput]
    /// Where its table is, "…/config.toml, line 12".
    public var place: String
    /// Where its `key` is written, for a key that clashes with another.
    public var keyPlace: String
    /// Whether rolo ships it for a built-in source (foods' `like`), rather than the user wrote it.
    public var isShipped = false

    /// What an action does.
    public enum Effect: Sendable, Equatable {
        /// An HTTP request.
        case http(HTTPAction)
        /// A command run with the record's values as its arguments.
        case command(CommandAction)
        /// The list's title set from the record (`set_title = "{first_name} {last_name}"`), on
        /// rolo's screen alone: no request, no command.
        case setTitle(RecordTemplate)
    }

    /// Whether it changes something on a server: an HTTP action of any method but GET. A command
    /// is the user's own program, which rolo can't judge, so it never counts.
    public var isWrite: Bool {
        if case .http(let http) = effect { return http.method != .get }
        return false
    }

    /// Whether it applies to `record` (its `when`, if any).
    public func applies(to record: JSONValue) -> Bool {
        when?.holds(for: record) ?? true
    }

    /// Whether this action and `other` may share a key: their `when`s are each other's
    /// negation, so on any record exactly one of them applies (foods' `like` and `unlike`).
    public func sharesKey(with other: RecordAction) -> Bool {
        guard let mine = when, let theirs = other.when else { return false }
        return mine.isComplement(of: theirs)
    }

    /// The input named `name`.
    public func input(named name: String) -> ActionInput? {
        inputs.first { $0.name == name }
    }
}

/// An HTTP action: `method`, `url`, `body`, `then`.
public struct HTTPAction: Sendable, Equatable {
    /// The request's method.
    public var method: ActionMethod
    /// The address: absolute, or a path (`/tickets/{id}`) on the source's own server.
    public var url: RecordTemplate
    /// The JSON body; nil to send none.
    public var body: ActionBody?
    /// What the list does with the record once the server said yes.
    public var then: ActionThen
    /// Where an answer says it failed (`error = "error"`): an answer holding something other
    /// than null or false there is a failure whatever its status, that text its reason. For APIs that
    /// answer `200 {"error": "…"}`.
    public var error: JSONPath? = nil
    /// Where an answer says whether it worked (`success = "success"`): anything but true there
    /// (false, nothing, an HTML page) is a failure whatever the status. For APIs that answer
    /// `200 {"success": false}`.
    public var success: JSONPath? = nil
    /// The fields the row shows at once, before the server answers (`optimistic = { liked =
    /// true }`): an object of the record's top-level fields. Such an action is never sent again
    /// by itself, since the list is read again after any failure.
    public var optimistic: JSONValue? = nil
}

/// The methods an HTTP action may use.
public enum ActionMethod: String, Sendable, CaseIterable {
    case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"
}

/// What happens to the record after an HTTP action succeeds.
public enum ActionThen: String, Sendable, CaseIterable {
    /// Fetch it again: its `detail_url`, else the list's page.
    case refetch
    /// The answer's body is the record now.
    case update
    /// Drop its row.
    case remove
}

/// A command action: `command` and `mode`.
public struct CommandAction: Sendable, Equatable {
    /// The program and its arguments, each a template filled with the record's values; no
    /// shell unless the user writes one, and then the values come as `$1`, `$2` …
    public var argv: [RecordTemplate]
    /// How it runs.
    public var mode: CommandMode
}

/// How a command action runs.
public enum CommandMode: String, Sendable, CaseIterable {
    /// In the terminal: the screen is left and comes back as it was.
    case terminal
    /// Its output and exit status are shown when it ends.
    case output
    /// Out of sight; a notice when it ends.
    case background
}

/// A value an action asks for before it runs: `{ name = "note", title = "Why", kind = "text" }`.
public struct ActionInput: Sendable, Equatable {
    /// The name `{input.NAME}` uses.
    public var name: String
    /// The form's label.
    public var title: String
    /// Free text, or one of a list.
    public var kind: Kind

    /// What an input takes.
    public enum Kind: Sendable, Equatable {
        /// Any text.
        case text
        /// One of these.
        case choice([String])
    }
}
