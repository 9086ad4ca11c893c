import Foundation
import RoloCore
import Testing

/// A cache directory not made yet (the cache makes it, 0700), in a temporary directory the test
/// removes at its end.
private func cacheDirectory() throws -> String {
    try TemporaryDirectory.scoped("rolo-cache").appendingPathComponent("cache").path
}

@Suite("Image disk cache", .temporaryDirectories)
struct ImageDiskCacheTests {
    private let photo = URL(string: "http://127.0.0.1:1/photos/1.jpg")!

    @Test("A stored image comes back, under a name that says nothing of its URL")
    func roundTrip() async throws {
        let directory = try cacheDirectory()
        let cache = ImageDiskCache(directory: directory)
        #expect(await cache.data(for: photo) == nil)
        try await cache.store(Data([1, 2, 3]), for: photo)
        #expect(await cache.data(for: photo) == Data([1, 2, 3]))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(names.count == 1)
        #expect(names[0].count == 64 && !names[0].contains("photos"))
        let attributes = try FileManager.default.attributesOfItem(atPath: directory)
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
    }

    @Test("Past its bound the cache evicts the least recently used image first")
    func eviction() async throws {
        let cache = ImageDiskCache(directory: try cacheDirectory(), maxBytes: 250)
        let urls = try (1...3).map { try #require(URL(string: "http://127.0.0.1:1/\($0).jpg")) }
        try await cache.store(Data(count: 100), for: urls[0])
        try await cache.store(Data(count: 100), for: urls[1])
        // Reading the first makes the second the least recently used.
        try await Task.sleep(for: .milliseconds(20))
        _ = await cache.data(for: urls[0])
        try await cache.store(Data(count: 100), for: urls[2])
        #expect(await cache.data(for: urls[0]) != nil)
        #expect(await cache.data(for: urls[1]) == nil)
        #expect(await cache.data(for: urls[2]) != nil)
        #expect(await cache.totalBytes() <= 250)
    }

    @Test("A leftover temporary file from a killed write is never served")
    func leftoverTemporaryFile() async throws {
        let directory = try cacheDirectory()
        let cache = ImageDiskCache(directory: directory)
        try await cache.store(Data([9]), for: photo)
        let stray = URL(fileURLWithPath: directory).appendingPathComponent(".abc.tmp")
        try Data([0xFF]).write(to: stray)
        #expect(await cache.data(for: photo) == Data([9]))
        #expect(await cache.totalBytes() == 1)
    }
}

@Suite("Remote image loader", .temporaryDirectories)
struct RemoteImageLoaderTests {
    private let url = URL(string: "http://127.0.0.1:1/photos/1.jpg")!

    @Test("A miss fetches and caches; a hit is never requested again")
    func missThenHit() async throws {
        let http = FakeHTTPClient(["/photos/1.jpg": .respond(200, Data([0xFF, 0xD8, 0xFF]))])
        let cache = ImageDiskCache(directory: try cacheDirectory())
        let loader = RemoteImageLoader(http: http, cache: cache, timeout: 5)
        #expect(try await loader.load(url) == Data([0xFF, 0xD8, 0xFF]))
        #expect(try await loader.load(url) == Data([0xFF, 0xD8, 0xFF]))
        #expect(http.requests.count == 1)
    }

    @Test("A cached image damaged on disk (garbage over it, cut short, emptied) fails to decode, is dropped and fetched again", arguments: ["garbage", "truncated", "empty"])
    func damagedOnDisk(damage: String) async throws {
        let good = try ImageFixtures.jpeg(ImageFixtures.redBlue(), size: 16)
        let http = FakeHTTPClient(["/photos/1.jpg": .respond(200, good)])
        let directory = try cacheDirectory()
        let loader = RemoteImageLoader(http: http, cache: ImageDiskCache(directory: directory), timeout: 5)
        #expect(try await loader.load(url) == good)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        let file = directory + "/" + (try #require(names.first))
        var damaged = good
        switch damage {
        case "garbage": damaged.replaceSubrange(damaged.count / 2..<damaged.count / 2 + 64, with: ImageFixtures.noise(count: 64, seed: 3))
        case "truncated": damaged = damaged.prefix(damaged.count / 2)
        default: damaged = Data()
        }
        try damaged.write(to: URL(fileURLWithPath: file))

        // What the picture pipeline does: the cached bytes don't decode, so it loads bypassing the cache.
        let cached = try await loader.load(url)
        #expect(cached == damaged && http.requests.count == 1, "served from the cache as found")
        #expect(throws: (any Error).self) { try ImageDecoder.decode(cached, fitting: nil) }
        let fetched = try await loader.load(url, bypassCache: true)
        #expect(fetched == good && http.requests.count == 2)
        #expect(FileManager.default.contents(atPath: file) == good, "the damaged file replaced")
        #expect(try await loader.load(url) == good && http.requests.count == 2)
    }

    @Test("A remembered 404 damaged on disk (garbage, emptied) is dropped: the server is asked again", arguments: ["\u{0}\u{7F}garbage", ""])
    func damagedMissingMark(content: String) async throws {
        let directory = try cacheDirectory()
        let cache = ImageDiskCache(directory: directory)
        try await cache.storeMissing(for: url)
        let mark = try #require(try FileManager.default.contentsOfDirectory(atPath: directory).first)
        try Data(content.utf8).write(to: URL(fileURLWithPath: directory + "/" + mark))
        #expect(await !cache.isMissing(url))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty, "the damaged mark is removed")
    }

    @Test("Bypassing the cache drops the cached bytes and fetches them again")
    func corruptCachedFileIsRefetched() async throws {
        let http = FakeHTTPClient(["/photos/1.jpg": .respond(200, Data([0xFF, 0xD8, 0xFF]))])
        let cache = ImageDiskCache(directory: try cacheDirectory())
        try await cache.store(Data("garbage".utf8), for: url)
        let loader = RemoteImageLoader(http: http, cache: cache, timeout: 5)
        #expect(try await loader.load(url) == Data("garbage".utf8))
        #expect(try await loader.load(url, bypassCache: true) == Data([0xFF, 0xD8, 0xFF]))
        #expect(await cache.data(for: url) == Data([0xFF, 0xD8, 0xFF]))
        #expect(http.requests.count == 1)
    }

    @Test("A 404 is 'not found', no image is cached, and the 404 itself is remembered")
    func notFound() async throws {
        let http = FakeHTTPClient(otherwise: .notFound())
        let cache = ImageDiskCache(directory: try cacheDirectory())
        let loader = RemoteImageLoader(http: http, cache: cache, timeout: 5)
        await #expect(throws: FetchError.self) { try await loader.load(url) }
        do {
            _ = try await loader.load(url)
        } catch let error as FetchError {
            #expect(error.kind == .notFound)
        }
        #expect(await cache.data(for: url) == nil)
        #expect(await cache.isMissing(url))
        #expect(http.requests.count == 1, "the second load was answered by the remembered 404")
    }

    @Test("A 404 is remembered for a day by the cache's clock, then forgotten")
    func missingExpires() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_795_000_000))
        let directory = try cacheDirectory()
        let cache = ImageDiskCache(directory: directory, now: { clock.now })
        #expect(await !cache.isMissing(url))
        try await cache.storeMissing(for: url)
        #expect(await cache.isMissing(url))
        #expect(await ImageDiskCache(directory: directory, now: { clock.now }).isMissing(url), "kept on disk for the next run")
        #expect(await cache.data(for: url) == nil, "missing is no image")
        clock.advance(by: 86_400 - 60)
        #expect(await cache.isMissing(url))
        clock.advance(by: 120)
        #expect(await !cache.isMissing(url))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty, "an expired mark is removed")
    }

    @Test("Storing the image clears a 404 remembered for it")
    func storeClearsMissing() async throws {
        let cache = ImageDiskCache(directory: try cacheDirectory())
        try await cache.storeMissing(for: url)
        try await cache.store(Data([1]), for: url)
        #expect(await !cache.isMissing(url))
        #expect(await cache.data(for: url) == Data([1]))
    }

    @Test("Offline, a remembered 404 still reads as not found, without a request; after a day the server is asked")
    func loaderRemembersMissing() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_795_000_000))
        let directory = try cacheDirectory()
        let server = FakeHTTPClient(otherwise: .notFound())
        let online = RemoteImageLoader(http: server, cache: ImageDiskCache(directory: directory, now: { clock.now }), timeout: 5)
        let first = await #expect(throws: FetchError.self) { try await online.load(url) }
        #expect(first?.kind == .notFound)
        #expect(server.requests.count == 1)

        let down = FakeHTTPClient()
        down.on(.any, .fail(.unreachable(url, detail: "offline")))
        let offline = RemoteImageLoader(http: down, cache: ImageDiskCache(directory: directory, now: { clock.now }), timeout: 5)
        let remembered = await #expect(throws: FetchError.self) { try await offline.load(url) }
        #expect(remembered?.kind == .notFound)
        #expect(down.requests.isEmpty)

        clock.advance(by: 86_400 + 1)
        let expired = await #expect(throws: FetchError.self) { try await offline.load(url) }
        #expect(expired?.kind == .unreachable)
        #expect(down.requests.count == 1)
    }
}

/// A clock the test moves by hand.
private final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date) { current = start }
    var now: Date { lock.withLock { current } }
    func advance(by seconds: TimeInterval) { lock.withLock { current += seconds } }
}
