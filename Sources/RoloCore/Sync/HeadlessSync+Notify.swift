import Foundation

extension HeadlessSync {
    /// What `rolo sync --notify` needs of a source: its `notify` and `notify_command`.
    public struct NotifyRules: Sendable {
        public var condition: ActionCondition?
        public var command: [RecordTemplate]?

        public init(condition: ActionCondition?, command: [RecordTemplate]?) {
            self.condition = condition
            self.command = command
        }
    }

    /// `rolo sync --notify` for the source `name` after its sync: the changes `store` kept since
    /// `start` that `rules` match, sent as one notification through the rules' command. Returns
    /// what happened, a sentence each, for standard error and the log: the notification sent,
    /// a condition naming a field no changed record has, a command that failed or hung. Says so
    /// when the source has no command; nothing when nothing changed that notifies.
    public static func notify(
        _ store: RecordStore, name: String, rules: NotifyRules, since start: Date, environment: [String: String],
        limit: Duration = NotifyCommand.timeLimit
    ) async -> [String] {
        guard let templates = rules.command else {
            return ["\(name): no notify_command, so --notify sends nothing (notify_command = [\"notify-send\", \"rolo: {summary}\"] in its [[sources]] table)"]
        }
        let changes: [RecordChange]
        let stored: [String: JSONValue]
        do {
            // Stamps are kept to the millisecond: one before the start can't miss this run's.
            changes = try await store.changes(since: start.addingTimeInterval(-0.001))
            stored = try store.listedTexts(ofIDs: ChangeNotification.candidates(changes))
                .compactMapValues { try? JSONValue.parse(Data($0.utf8)) }
        } catch {
            return ["\(name): the changes to notify of can't be read: \(error)"]
        }
        var said: [String] = []
        if let field = ChangeNotification.unknownField(rules.condition, in: stored.values) {
            said.append("\(name): notify = '\(rules.condition?.description ?? "")' names \(field), which none of the \(stored.count) new or changed records has")
        }
        guard let notification = ChangeNotification.of(changes, source: name, condition: rules.condition, stored: stored) else {
            return said
        }
        let arguments = notification.command(templates)
        let outcome = await NotifyCommand.run(arguments, environment: environment, limit: limit)
        if let problem = outcome.sentence(arguments[0]) {
            said.append("\(name): the notify_command didn't notify of \(notification.summary): \(problem)")
        } else {
            said.append("\(name): notified: \(notification.summary)")
        }
        return said
    }
}
