import Foundation

/// What one listing URL gave: its employees or why it failed, and the city it stands for.
public struct DirectoryListing: Sendable, Equatable {
    /// The URL asked.
    public var url: URL
    /// The employees, or the error to put in the log (its message names the server).
    public var result: Result<[DirectoryEmployee], FetchError>
    /// The employees of the listing that couldn't be read and were left out.
    public var skipped: [SkippedRecord]

    /// Creates the outcome of fetching `url`.
    public init(url: URL, result: Result<[DirectoryEmployee], FetchError>, skipped: [SkippedRecord] = []) {
        self.url = url
        self.result = result
        self.skipped = skipped
    }

    /// Creates the outcome of fetching `url` from what its decoder read.
    public init(url: URL, decoded: Result<DecodedList<DirectoryEmployee>, FetchError>) {
        switch decoded {
        case .success(let list): self.init(url: url, result: .success(list.records), skipped: list.skipped)
        case .failure(let error): self.init(url: url, result: .failure(error))
        }
    }

    /// The city the listing is for, as a banner names it ("Tartu").
    public var city: String { Self.city(of: url) }

    /// The employees when the listing loaded, nil when it failed.
    public var employees: [DirectoryEmployee]? { try? result.get() }

    /// The city a listing URL stands for: the path segment before `employee_list`
    /// (`/directory/tartu/employee_list`, the stand-in's layout), else the host's first label up
    /// to its first hyphen (`tartu-jobapp.aw.ee`, the real service's), capitalised; the endpoint
    /// when neither gives a name (an IP address).
    public static func city(of url: URL) -> String {
        let segments = url.path.split(separator: "/").map(String.init)
        if let list = segments.lastIndex(of: "employee_list"), list > 0 {
            return segments[list - 1].capitalized
        }
        if let host = url.host, !host.isEmpty, Int(host.prefix { $0 != "." }) == nil, !host.contains(":") {
            let label = host.prefix { $0 != "." }.prefix { $0 != "-" }
            if !label.isEmpty { return String(label).capitalized }
        }
        return url.endpoint
    }
}
