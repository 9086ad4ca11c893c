import Foundation

/// A configured source's picture of a record (`image`, `thumbnail`): an address to fetch, or
/// image bytes the record holds as base64.
public enum RecordPicture: Sendable, Equatable {
    /// An http(s) address, for the image pipeline to fetch and cache.
    case url(URL)
    /// Image bytes the record carried; the pipeline tells JPEG from PNG by them.
    case bytes(Data)
    /// Text that is neither, with why.
    case invalid(String)

    /// The picture `template` makes of `record`; nil when the record has none (the template's
    /// fields are missing or empty). A `data:image/…;base64,` prefix is allowed.
    public init?(_ template: RecordTemplate, record: JSONValue) {
        let whole = template.paths.count == 1 && template.parts.count == 1
        guard let text = whole ? template.paths.first.flatMap({ record.value(at: $0)?.text }) : template.render(record),
              !text.isEmpty
        else { return nil }
        let lowered = text.prefix(8).lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            guard let url = template.url(for: record) else {
                self = .invalid("not a URL rolo can fetch")
                return
            }
            self = .url(url)
            return
        }
        var payload = Substring(text)
        if payload.prefix(5).lowercased() == "data:", let comma = payload.firstIndex(of: ",") {
            payload = payload[payload.index(after: comma)...]
        }
        switch ImageField(base64: String(payload)) {
        case .absent: return nil
        case .bytes(let data): self = .bytes(data)
        case .invalid(let reason): self = .invalid(reason)
        }
    }
}
