import RoloCore

/// The writes of a source's `optimistic` actions not yet confirmed, on top of the records as the
/// server last confirmed them: per record and the fields an action changes, the rules of
/// ``OptimisticLedger`` (one request in flight, last intent wins, the server's answer decides).
@MainActor
public final class OptimisticWrites {
    private var ledger = OptimisticLedger<JSONValue>()

    public init() {}

    /// The ledger's key: the record and the names of the fields (`liked`), so two actions that
    /// change the same fields of a record (like and unlike) are one intent.
    static func key(_ rowID: String, _ fields: JSONValue) -> String {
        guard case .object(let members) = fields else { return rowID }
        return ([rowID] + members.map(\.key).sorted()).joined(separator: "\u{1F}")
    }

    private static func rowID(ofKey key: String) -> String {
        String(key.prefix { $0 != "\u{1F}" })
    }

    /// The fields the user wants for `rowID`, each write's in turn; empty when none is pending.
    private func wanted(_ rowID: String) -> [JSONMember] {
        ledger.intent.filter { Self.rowID(ofKey: $0.key) == rowID }.flatMap { entry -> [JSONMember] in
            if case .object(let members) = entry.value { return members }
            return []
        }
    }

    /// The value the user wants for `field` of `rowID` while it isn't confirmed; nil otherwise.
    public func intended(_ field: String, of rowID: String) -> JSONValue? {
        wanted(rowID).last { $0.key == field }?.value
    }

    /// The values the user wants for `field`, by record, while they aren't confirmed: what rows
    /// made later (off this actor's turn) show.
    public func intended(_ field: String) -> [String: JSONValue] {
        var values: [String: JSONValue] = [:]
        for (key, value) in ledger.intent {
            if let wanted = value[field] { values[Self.rowID(ofKey: key)] = wanted }
        }
        return values
    }

    /// `record` (an object) as the row shows it: the wanted fields on top.
    public func shown(_ record: JSONValue, rowID: String) -> JSONValue {
        Self.overlay(wanted(rowID), on: record)
    }

    /// `record` (an object) with `fields` in the place of its own.
    public nonisolated static func overlay(_ fields: [JSONMember], on record: JSONValue) -> JSONValue {
        guard !fields.isEmpty, case .object(var members) = record else { return record }
        for field in fields {
            if let index = members.firstIndex(where: { $0.key == field.key }) {
                members[index].value = field.value
            } else {
                members.append(field)
            }
        }
        return .object(members)
    }

    /// Whether nothing is in flight or wanted.
    public var isAtRest: Bool { ledger.isAtRest }

    /// Whether a write is in flight, on any record.
    public var isSending: Bool { !ledger.sending.isEmpty }

    /// Whether a write of `rowID` is in flight.
    public func isSending(_ rowID: String) -> Bool {
        ledger.sending.keys.contains { Self.rowID(ofKey: $0) == rowID }
    }

    /// The user asked for `fields` on `rowID`: the fields to send now, or nil when a write of
    /// them is in flight and will pick up the new intent.
    func press(_ rowID: String, wanting fields: JSONValue) -> JSONValue? {
        ledger.press(Self.key(rowID, fields), wanting: fields)
    }

    /// The write of `fields` on `rowID` returned; `confirmed` is the server's value of them now.
    func finished(_ rowID: String, _ fields: JSONValue, succeeded: Bool, confirmed: JSONValue) -> OptimisticLedger<JSONValue>.Next {
        ledger.finished(Self.key(rowID, fields), succeeded: succeeded, confirmed: confirmed)
    }

    /// A list request starts; the token orders its answer against the writes' completions.
    public func reloadStarted() -> Int {
        ledger.reloadStarted()
    }

    /// The list's answer, each record with a write in flight or completed after the request
    /// started keeping its confirmed fields from `current` (`keep` copies them); records new to
    /// the list take the answer's.
    public func merge<Record>(_ answer: [Record], over current: [Record], startedAt token: Int, id: KeyPath<Record, String>,
                              keep: (inout Record, Record) -> Void) -> [Record] {
        let doubtful = Set(ledger.doubtful(startedAt: token).map(Self.rowID(ofKey:)))
        guard !doubtful.isEmpty else { return answer }
        let known = Dictionary(current.lazy.filter { doubtful.contains($0[keyPath: id]) }.map { ($0[keyPath: id], $0) },
                               uniquingKeysWith: { first, _ in first })
        return answer.map { record in
            guard let confirmed = known[record[keyPath: id]] else { return record }
            var merged = record
            keep(&merged, confirmed)
            return merged
        }
    }
}
