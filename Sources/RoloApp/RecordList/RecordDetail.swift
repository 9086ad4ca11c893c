import Foundation
import RoloCore
import TerminalUI

/// A configured source's record as a list row, as the detail pane's blocks and as values to
/// copy: pure functions of the source's settings and the record.
enum RecordDetail {
    /// The label's column, then the configured ones: a width given is kept, the rest share.
    static func columns(of source: RecordSource) -> [ListColumn] {
        [ListColumn("Name", .flexible(min: 14))]
            + source.columns.map { column in ListColumn(column.title, column.width.map { .fixed($0) } ?? .flexible(min: 8)) }
    }

    /// The record's label (its id when the label comes out empty), then each column's text,
    /// paths into `lookups` resolved.
    static func row(of record: JSONRecord, in source: RecordSource, lookups: LookupValues = .none) -> ListRow {
        ListRow(
            id: record.id,
            cells: [label(of: record, in: source, lookups: lookups)] + source.columns.map { $0.value.render(record.value, lookups: lookups) })
    }

    /// The row's name: a label that renders empty (its fields missing) falls back to the id, so
    /// no row is blank.
    static func label(of record: JSONRecord, in source: RecordSource, lookups: LookupValues = .none) -> String {
        let label = source.label.render(record.value, lookups: lookups).trimmingCharacters(in: .whitespaces)
        return label.isEmpty ? record.id.sanitizedForTerminal : label
    }

    /// What the detail says about the full record while or after `detail_url` is fetched.
    enum Fetch: Equatable {
        case loading
        case loaded(JSONValue)
        case failed(String)
    }

    /// The picture (when the source has one), the label, the fields (each of `fields`, or every
    /// field; a lookup's field as the looked-up record's name), the declared links that have an
    /// address for the record, then the template problems found, which name the setting and the path.
    static func blocks(
        of record: JSONRecord, value: JSONValue, in source: RecordSource, picture: Picture?, fetch: Fetch?, problems: [String],
        lookups: LookupValues = .none
    ) -> [DetailBlock] {
        var blocks: [DetailBlock] = []
        if let picture { blocks.append(.picture(picture)) }
        blocks.append(.title(label(of: JSONRecord(id: record.id, value: value), in: source, lookups: lookups)))
        switch fetch {
        case .loading: blocks.append(.notice("Loading the full record…", isError: false))
        case .failed(let message): blocks.append(.notice("The full record couldn't be fetched: \(message)", isError: true))
        case .loaded, nil: break
        }
        blocks.append(.gap)
        blocks += fieldBlocks(value, in: source, lookups: lookups)
        let linked = lookups.expanded(value)
        let links = source.links.compactMap { link in link.address(for: linked).map { DetailBlock.link(title: link.title, url: $0) } }
        if !links.isEmpty { blocks += [.gap] + links }
        if !problems.isEmpty {
            blocks.append(.gap)
            blocks += problems.map { .notice($0, isError: true) }
        }
        return blocks
    }

    /// The detail's fields: each of `fields` (or every field) with its text, paths into lookups
    /// resolved; a lookup's field (and the fields inside it, `org_id.value`) once, as the
    /// looked-up record's name, underlined where Enter opens it (``followTarget(of:in:lookups:)``).
    static func fieldBlocks(_ value: JSONValue, in source: RecordSource, lookups: LookupValues) -> [DetailBlock] {
        guard !lookups.isEmpty else { return source.detailFields(value).map { .field(label: $0.field, value: $0.text) } }
        var blocks: [DetailBlock] = []
        var shown: Set<String> = []
        for path in source.fields ?? value.fieldPaths {
            let label = path.description.sanitizedForTerminal
            guard let lookup = lookups.lookup(at: path) else {
                if let text = lookups.value(at: path, in: value)?.displayText { blocks.append(.field(label: label, value: text)) }
                continue
            }
            guard shown.insert(lookup.name).inserted, let name = lookups.name(of: lookup, in: value) else { continue }
            let field = lookup.field.description.sanitizedForTerminal
            let followed = lookup.source != nil && lookups.record(of: lookup, in: value)?.value != nil
            blocks.append(followed ? .reference(label: field, value: name) : .field(label: field, value: name))
        }
        return blocks
    }

    /// Where the detail of `value` leads: the first lookup naming a configured source whose list
    /// holds the record the field names (or the one whose field is labelled `field`), as that
    /// source and the record's id.
    static func followTarget(
        of value: JSONValue, in source: RecordSource, lookups: LookupValues, field: String? = nil
    ) -> (source: String, id: String)? {
        for lookup in lookups.lookups where field == nil || lookup.field.description.sanitizedForTerminal == field {
            guard let target = lookup.source, let found = lookups.record(of: lookup, in: value), found.value != nil else { continue }
            return (target, found.id)
        }
        return nil
    }

    /// The record's values to copy: emails and phones found by their field's name, the label as
    /// the name, then every other field.
    static func copyValues(of record: JSONRecord, value: JSONValue, in source: RecordSource) -> [CopyValue] {
        var emails: [CopyValue] = [], phones: [CopyValue] = [], others: [CopyValue] = []
        for (field, text) in source.detailFields(value) {
            switch kind(of: field, text: text) {
            case .email: emails.append(CopyValue(.email, field, text))
            case .phone: phones.append(CopyValue(.phone, field, text))
            default: others.append(CopyValue(.other, field, text))
            }
        }
        let name = CopyValue(.name, "Name", label(of: JSONRecord(id: record.id, value: value), in: source))
        return CopyValue.present(emails + phones + [name] + others)
    }

    /// What a field holds, by its path's names: `email`, `work_mail` with an @ are emails;
    /// `phone`, `phones.0.number`, `mobile`, `tel` are phones.
    static func kind(of field: String, text: String) -> CopyValue.Kind {
        let steps = field.lowercased().split(separator: ".").filter { Int($0) == nil }
        if text.contains("@"), steps.contains(where: { $0.contains("email") || $0.contains("mail") }) { return .email }
        let phone = steps.contains { $0.contains("phone") || $0.contains("mobile") || $0 == "tel" || $0 == "telephone" }
        if phone, text.contains(where: \.isNumber) { return .phone }
        return .other
    }
}
