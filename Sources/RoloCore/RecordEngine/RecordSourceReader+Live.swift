import Foundation
import TOMLKit

extension RecordSourceReader {
    /// The source's `watch`: how often it refreshes itself while rolo runs; nil when it doesn't.
    func watch(_ table: TOMLTable, _ label: String) throws -> TimeInterval? {
        guard let text = try string("watch", table, label) else { return nil }
        do {
            return try WatchInterval.checked(text, label).get()
        } catch {
            throw ConfigError("\(place("watch")): \(error.message)")
        }
    }

    /// The source's `notify` (a condition, the actions' `when` syntax) and `notify_command` (the
    /// program and its arguments, each a template), each checked.
    func notification(_ table: TOMLTable, _ label: String) throws -> (ActionCondition?, [RecordTemplate]?) {
        let condition = try string("notify", table, label).map { text in
            do {
                return try ActionCondition(text)
            } catch {
                throw ConfigError("\(place("notify")): notify of \(label): \(error)")
            }
        }
        guard let node = table["notify_command"] else { return (condition, nil) }
        let expected = "a list of the program and its arguments, like [\"notify-send\", \"rolo: {summary}\"]"
        let words = node.array?.compactMap(\.string)
        guard let words, words.count == node.array?.count, let program = words.first, !program.isEmpty else {
            throw ConfigError("\(place("notify_command")): notify_command of \(label) should be \(expected)")
        }
        return (condition, try words.map { try parsed($0, "notify_command", label) })
    }
}
