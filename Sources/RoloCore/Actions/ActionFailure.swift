/// Why an action did not happen, in one line for a banner or standard error.
public struct ActionFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure, for `rolo act`'s exit status and for a retry of the failed ones.
    public enum Kind: Sendable, Equatable {
        /// It can't be made: a value the record or the inputs lack, an address that isn't one.
        case usage
        /// A setting refuses it (read-only), or it doesn't apply to the record.
        case refused
        /// The request was sent and failed: no connection, a status that isn't a success.
        case request
        /// The command couldn't be started.
        case command
    }

    /// What kind of failure.
    public var kind: Kind
    /// The reason, e.g. "HTTP 422: title can't be blank".
    public var message: String
    /// The HTTP status, when the server answered.
    public var status: Int?

    /// A failure of `kind` saying `message`.
    public init(_ kind: Kind, _ message: String, status: Int? = nil) {
        self.kind = kind
        self.message = message
        self.status = status
    }

    public var description: String { message }

    /// A template names `path`, which the record (or the inputs) has no value at.
    static func missing(_ path: JSONPath) -> ActionFailure {
        if path.steps.count == 2, path.steps[0] == ActionValues.inputStep {
            return ActionFailure(.usage, "no value for the input '\(path.steps[1])'")
        }
        return ActionFailure(.usage, "the record has no value at '\(path.description.sanitizedForTerminal)'")
    }
}

/// What came of an action that worked.
public enum ActionOutcome: Sendable, Equatable {
    /// The server's answer is the record now (`then = "update"`).
    case updated(JSONValue)
    /// The record should be fetched again (`then = "refetch"`).
    case refetch
    /// The record is gone (`then = "remove"`).
    case removed
    /// A command ended (`output` and `background`), or gave the terminal back (`terminal`).
    case ran(CommandResult)
}

/// How a command action ended.
public struct CommandResult: Sendable, Equatable {
    /// Its exit status, or 128 + the signal that ended it.
    public var status: Int32
    /// Its standard output and error together, as written (empty in `terminal` mode), cut at
    /// ``CommandRunner/outputLimit`` bytes.
    public var output: String

    public init(status: Int32, output: String) {
        self.status = status
        self.output = output
    }
}
