import Foundation

/// The Tallinn and Tartu (or any number of) `employee_list` URLs over an ``HTTPClient``.
public struct DirectoryClient: DirectoryService {
    /// The listing URLs, duplicates removed, in the configured order.
    public let urls: [URL]
    private let http: any HTTPClient
    private let timeout: TimeInterval

    /// Creates a client for `urls`; each is fetched once even when configured twice.
    public init(urls: [URL], http: any HTTPClient, timeout: TimeInterval) {
        var seen = Set<URL>()
        self.urls = urls.filter { seen.insert($0).inserted }
        self.http = http
        self.timeout = timeout
    }

    /// Fetches every listing at once, so a refresh takes as long as the slowest city, not the
    /// sum of them; results come back in the order of ``urls``. Each body is read once `ready`
    /// has said what its listing gave last time (see ``fetch(_:decodingAfter:)``).
    public func fetchAll(decodingAfter ready: @escaping @Sendable (URL) async -> DirectoryRoster?) async -> [DirectoryListing] {
        let results = await withTaskGroup(of: (Int, Result<DecodedList<DirectoryEmployee>, FetchError>).self) { group in
            for (index, url) in urls.enumerated() {
                group.addTask { (index, await fetch(url, decodingAfter: { await ready(url) })) }
            }
            return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        return urls.enumerated().compactMap { index, url in
            results[index].map { DirectoryListing(url: url, decoded: $0) }
        }
    }

    /// Fetches one listing; every failure is a ``FetchError``. Its body is read once `ready`
    /// has said what the listing gave last time: a body that repeats those people, compared a
    /// run at a time, is answered with them, so 200,000 people are never held twice.
    public func fetch(
        _ url: URL, decodingAfter ready: @Sendable () async -> DirectoryRoster? = { nil }
    ) async -> Result<DecodedList<DirectoryEmployee>, FetchError> {
        do {
            let request = HTTPRequest(url: url, headers: ["Accept": "application/json"], timeout: timeout)
            let response = try await http.send(request)
            guard response.isSuccess else {
                return .failure(.unexpectedStatus(response, service: DirectoryDecoder.service))
            }
            let body = response.body
            // The trace splits answer → first frame (ROLO_TRACE_STARTUP=1; scripts/measure-load.py),
            // once per city: measuring from the first city's answer counts the wait for the other.
            StartupTrace.mark("list answered")
            let saved = await ready()
            do {
                let list = try await HeavyWork.run {
                    if let saved, DirectoryDecoder.repeats(body, saved) { return DecodedList(records: saved.employees) }
                    return try DirectoryDecoder.decodeEmployees(body)
                }
                StartupTrace.mark("list decoded")
                return .success(list)
            } catch let error as FetchError {
                return .failure(error.located(at: response))
            }
        } catch let error as FetchError {
            return .failure(error)
        } catch {
            // HTTPClient promises FetchError only; anything else is still a failed fetch.
            return .failure(.unreachable(url, detail: "\(error)"))
        }
    }
}
