import Foundation

/// What one answer of a list API holds, read for ``SourceInference``: where its records are,
/// which fields they share, and the values around them (totals, cursors, next links).
struct AnswerShape {
    /// The path of the largest array of objects in the answer (the answer itself: no steps).
    let recordsPath: [String]
    /// The records there.
    let records: [JSONValue]
    /// Every value outside the records, with its path: where paging leaves its traces.
    let envelope: [(path: [String], value: JSONValue)]

    /// The records of `answer`: the largest array of objects, the shallowest of equal ones;
    /// nil when the answer holds no object in any array.
    init?(_ answer: JSONValue) {
        var best: (path: [String], items: [JSONValue])?
        var scalars: [(path: [String], value: JSONValue)] = []
        Self.walk(answer, path: []) { path, value in
            if !value.isContainer {
                scalars.append((path, value))
            } else if case .array(let items) = value, items.contains(where: \.isObject),
                      best.map({ items.count > $0.items.count || (items.count == $0.items.count && path.count < $0.path.count) }) ?? true {
                best = (path, items)
            }
        }
        guard let best else { return nil }
        recordsPath = best.path
        records = best.items.filter(\.isObject)
        envelope = scalars.filter { !$0.path.starts(with: best.path) }
    }

    /// Visits `value` and what it holds, depth first, to four levels; arrays past their first
    /// three items aren't entered (a list's items share their shape).
    private static func walk(_ value: JSONValue, path: [String], depth: Int = 0, visit: ([String], JSONValue) -> Void) {
        visit(path, value)
        guard depth < 4 else { return }
        switch value {
        case .object(let members):
            for member in members { walk(member.value, path: path + [member.key], depth: depth + 1, visit: visit) }
        case .array(let items):
            for (index, item) in items.prefix(3).enumerated() {
                walk(item, path: path + [String(index)], depth: depth + 1, visit: visit)
            }
        default:
            break
        }
    }

    /// The envelope's value whose last key is one of `names` (compared without case, `_` or
    /// `-`), the shallowest first; nil when none.
    func envelopeValue(named names: [String], where accept: (JSONValue) -> Bool = { _ in true }) -> (path: [String], value: JSONValue)? {
        let wanted = Set(names.map(Self.fold))
        return envelope
            .filter { $0.path.last.map { wanted.contains(Self.fold($0)) } == true && accept($0.value) }
            .min { $0.path.count < $1.path.count }
    }

    /// A key folded for comparison: `next_cursor`, `nextCursor` and `Next-Cursor` alike.
    static func fold(_ key: String) -> String {
        key.lowercased().filter { $0 != "_" && $0 != "-" }
    }
}

/// The fields the records share, each with what its values look like.
struct RecordFields {
    /// One field: its path in a record and its values across the records that have it.
    struct Field {
        let path: [String]
        let values: [JSONValue]
        /// How many of the records hold a value there that isn't null.
        let present: Int

        var key: String { path.last ?? "" }
        var texts: [String] { values.compactMap(\.text) }
        var isUnique: Bool { Set(texts).count == texts.count && !texts.isEmpty }
        var isScalar: Bool { values.allSatisfy { !$0.isContainer } }
        var isURLs: Bool { !texts.isEmpty && texts.allSatisfy { $0.hasPrefix("http://") || $0.hasPrefix("https://") } }
        var averageLength: Int { texts.isEmpty ? 0 : texts.map(\.count).reduce(0, +) / texts.count }
    }

    /// The fields in the order the first record has them, one nested level deep.
    let fields: [Field]
    let recordCount: Int

    init(_ records: [JSONValue]) {
        recordCount = records.count
        var order: [[String]] = []
        var seen = Set<[String]>()
        for record in records.prefix(50) {
            guard case .object(let members) = record else { continue }
            for member in members {
                let paths: [[String]]
                if case .object(let inner) = member.value {
                    paths = inner.map { [member.key, $0.key] }
                } else {
                    paths = [[member.key]]
                }
                // A key a template can't name as written (a quote, a bracket or brace, a
                // control) is left out: the table rolo add writes must read back.
                for path in paths where path.allSatisfy(Self.isNameable) && seen.insert(path).inserted { order.append(path) }
            }
        }
        fields = order.map { path in
            let values = records.compactMap { $0.value(at: JSONPath(steps: path)) }.filter { $0 != .null }
            return Field(path: path, values: values, present: values.count)
        }
    }

    /// Whether a template can name `key` as rolo add writes it: no quote, bracket, brace,
    /// backslash or control character.
    static func isNameable(_ key: String) -> Bool {
        !key.isEmpty && !key.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || (0x80..<0xA0).contains($0.value) || "\"[]{}\\".unicodeScalars.contains($0) }
    }

    /// The field at `path` (folded keys compared) held by every record, if there is one.
    func everywhere(_ path: String) -> Field? {
        let wanted = path.split(separator: ".").map { AnswerShape.fold(String($0)) }
        return fields.first { $0.path.map(AnswerShape.fold) == wanted && $0.present == recordCount }
    }
}

extension JSONValue {
    var isObject: Bool {
        if case .object = self { return true }
        return false
    }
}
