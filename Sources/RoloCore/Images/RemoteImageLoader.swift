import Foundation

/// Loads image bytes from a URL through the disk cache: a cached image is never requested again.
public struct RemoteImageLoader: Sendable {
    private let http: any HTTPClient
    private let cache: ImageDiskCache
    private let timeout: TimeInterval

    public init(http: any HTTPClient, cache: ImageDiskCache, timeout: TimeInterval) {
        self.http = http
        self.cache = cache
        self.timeout = timeout
    }

    /// The bytes at `url`: from the cache unless `bypassCache` (used after cached bytes failed to
    /// decode, so a corrupt file is dropped and fetched again), else from the server, then cached.
    /// A 404 throws `FetchError` of kind `.notFound`, which the screen shows as "no photo", and
    /// is remembered by the cache for a day, so neither a relaunch nor a lost network forgets it.
    /// `headers` go with the request (a configured source's, on its own origin: see
    /// ``RecordEndpoint/headers(for:)``); the cache is the source's own, so bytes fetched
    /// with one source's credentials are never another's.
    public func load(_ url: URL, headers: [String: String] = [:], bypassCache: Bool = false) async throws -> Data {
        if bypassCache {
            await cache.remove(for: url)
        } else if let cached = await cache.data(for: url) {
            return cached
        } else if await cache.isMissing(url) {
            throw Self.notFound(url, remembered: true)
        }
        let response = try await http.send(HTTPRequest(url: url, headers: headers, timeout: timeout))
        guard response.isSuccess else {
            if response.status == 404 {
                try? await cache.storeMissing(for: url)
                throw Self.notFound(url, remembered: false)
            }
            throw FetchError.unexpectedStatus(response, service: "image")
        }
        try? await cache.store(response.body, for: url)
        return response.body
    }

    private static func notFound(_ url: URL, remembered: Bool) -> FetchError {
        FetchError(kind: .notFound, endpoint: url.endpoint, message: "No photo at \(url.endpoint)",
                   detail: "\(url.redactedForLog): 404\(remembered ? " (remembered from an earlier answer)" : "")")
    }
}
