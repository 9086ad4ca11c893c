import Foundation

/// A link a configured source declares for each record (`links = [{ title = "In Pipedrive",
/// url = "https://{company}.pipedrive.com/person/{id}" }]`): shown in the detail as its title,
/// linked to the address, and the first one is what `o` opens.
public struct RecordLink: Sendable, Equatable {
    /// What the detail shows, "In Pipedrive".
    public var title: String
    /// The address, a template over the record.
    public var url: RecordTemplate

    public init(title: String, url: RecordTemplate) {
        self.title = title
        self.url = url
    }

    /// The address for `record`: an http(s) URL, each value percent-encoded into its place (a
    /// template that is one field alone takes the field's value whole); nil when a value is
    /// missing or the result isn't an http(s) address.
    public func address(for record: JSONValue) -> String? {
        guard let url = url.url(for: record), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
              url.host?.isEmpty == false
        else { return nil }
        return url.absoluteString
    }
}
