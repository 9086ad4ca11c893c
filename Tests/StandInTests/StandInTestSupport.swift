import Foundation
import Logging
import RoloCore
import StandIn
import Testing

/// A logger that drops everything, as rolo's tests want the terminal quiet.
let quietLogger = Logger(label: "standin-tests") { _ in SwiftLogNoOpLogHandler() }

/// One HTTP exchange as the tests see it.
struct Reply: Sendable {
    let status: Int
    let body: Data
    let headers: [String: String]

    /// The body as UTF-8 text.
    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed as JSON (fragments allowed: the ME server sends bare strings).
    func json() throws -> Any {
        try JSONSerialization.jsonObject(with: body, options: .fragmentsAllowed)
    }

    /// A header, looked up case-insensitively.
    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Starts a server with `options`, runs `body` against it and stops it, even when `body` throws.
@discardableResult
func withServer<T>(
    _ options: StandInOptions = StandInOptions(),
    _ body: (StandInServer) async throws -> T
) async throws -> T {
    let server = try await StandInServer.start(options, logger: quietLogger)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// Sends `method` to `path` (with its query) on `server` through rolo's own HTTP client.
func request(_ server: StandInServer, _ path: String, method: String = "GET") async throws -> Reply {
    let url = try #require(URL(string: server.baseURL.absoluteString + path))
    let response = try await testClient.send(HTTPRequest(method: method, url: url, timeout: standInTestTimeout))
    return Reply(status: response.status, body: response.body, headers: response.headers)
}

/// One client for every test, as the app has one.
let testClient = CurlHTTPClient()

/// The width and height in a JPEG's start-of-frame segment, nil when there is none.
func jpegSize(_ data: Data) -> (width: Int, height: Int)? {
    let bytes = [UInt8](data)
    guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
    var index = 2
    while index + 8 < bytes.count {
        guard bytes[index] == 0xFF else { return nil }
        let marker = bytes[index + 1]
        let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
        // SOF0...SOF3 carry the size; C4 (DHT) sits in that range but is not a frame header.
        if (0xC0...0xC3).contains(marker) {
            let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
            let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
            return (width, height)
        }
        index += 2 + length
    }
    return nil
}

/// Checks that `data` is a JPEG (FF D8 FF) whose frame header says `width` × `height`.
func expectJPEG(_ data: Data?, width: Int, height: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let jpeg = try #require(data, "not base64", sourceLocation: sourceLocation)
    #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF]), sourceLocation: sourceLocation)
    let size = try #require(jpegSize(jpeg), "no frame header", sourceLocation: sourceLocation)
    #expect(size.width == width && size.height == height, sourceLocation: sourceLocation)
}

/// The employees of a list or detail body, as dictionaries.
func employees(_ reply: Reply) throws -> [[String: Any]] {
    try #require(try reply.json() as? [[String: Any]])
}

/// How long a test's client waits for the stand-in: generous, because a loaded 2-core CI machine
/// draws the first images slowly, and a wait that ends early only makes a flaky test.
let standInTestTimeout: TimeInterval = 60
