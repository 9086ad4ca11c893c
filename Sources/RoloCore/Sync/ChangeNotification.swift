import Foundation

/// What one refresh has to tell the user: the new and changed records it stored that match the
/// source's `notify`, as one notification however many there are. One record says its label;
/// several say how many, "20 new in pipedrive" or "3 new, 1 changed in crm". Removed records
/// never notify, and neither does a first listing into an empty store, which keeps no change.
public struct ChangeNotification: Sendable, Equatable {
    /// The source's name.
    public var source: String
    /// The new records among those that notify.
    public var new: Int
    /// The changed ones.
    public var changed: Int
    /// The one record when only one notifies, with its label.
    public var record: (label: String, json: JSONValue)?

    /// How many records notify.
    public var count: Int { new + changed }

    /// One record's label; else "20 new in pipedrive", "3 new, 1 changed in crm".
    public var summary: String {
        if let record { return record.label }
        let parts = [(new, "new"), (changed, "changed")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return parts.joined(separator: ", ") + " in \(source)"
    }

    public static func == (a: ChangeNotification, b: ChangeNotification) -> Bool {
        a.source == b.source && a.new == b.new && a.changed == b.changed
            && a.record?.label == b.record?.label && a.record?.json == b.record?.json
    }

    /// The notification for `changes` (one refresh's, oldest first) of source `source`: each
    /// record counted once, as its first change in the run says (new, then changed, is new), if
    /// `condition` holds for it as `stored` now has it (its listed JSON by id; a record no
    /// longer stored doesn't notify). Nil when none notifies.
    public static func of(
        _ changes: [RecordChange], source: String, condition: ActionCondition?, stored: [String: JSONValue]
    ) -> ChangeNotification? {
        var kinds: [String: RecordChange.Kind] = [:]
        var order: [RecordChange] = []
        for change in changes where change.kind != .removed {
            if kinds[change.id] == nil { order.append(change) }
            kinds[change.id] = kinds[change.id] ?? change.kind
        }
        var notification = ChangeNotification(source: source, new: 0, changed: 0, record: nil)
        var only: (label: String, json: JSONValue)?
        for change in order {
            guard let json = stored[change.id], condition?.holds(for: json) ?? true else { continue }
            if kinds[change.id] == .new { notification.new += 1 } else { notification.changed += 1 }
            only = (change.label, json)
        }
        guard notification.count > 0 else { return nil }
        if notification.count == 1 { notification.record = only }
        return notification
    }

    /// The ids `of(_:…)` needs the stored records of: those new or changed in `changes`.
    public static func candidates(_ changes: [RecordChange]) -> Set<String> {
        Set(changes.filter { $0.kind != .removed }.map(\.id))
    }

    /// `condition` names a field none of `records` has: it can never hold (or always holds, for
    /// `!=` and `!`), which is most likely a misspelling. Nil when some record has it, or when
    /// there are no records to tell by.
    public static func unknownField(_ condition: ActionCondition?, in records: some Collection<JSONValue>) -> String? {
        guard let condition, !records.isEmpty else { return nil }
        return records.contains { $0.value(at: condition.path) != nil } ? nil : condition.path.description
    }

    /// `templates` (a `notify_command`) filled in: `{count}`, `{source}` and `{summary}` always,
    /// `{label}` the one record's label (the summary for several), and for one record its fields.
    public func command(_ templates: [RecordTemplate]) -> [String] {
        templates.map { template in
            template.render { path in
                switch path.description {
                case "count": .number(String(count))
                case "source": .string(source)
                case "summary": .string(summary)
                case "label": .string(record?.label ?? summary)
                default: record?.json.value(at: path)
                }
            }
        }
    }
}
