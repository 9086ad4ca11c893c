import Foundation
import Logging
import RoloCore
import StandIn

// rolo-http-bench [LOADS]: how fast rolo's HTTP client loads the stand-in's images the way a
// list's thumbnails load, eight at a time: through one client, whose connections are reused,
// against a new client for every image (a new connection each). Median of 5 rounds, after a
// warm-up round that has the stand-in render and cache every portrait. Then one request at a
// time on a kept-alive connection and on new ones. The stand-in runs in-process on 127.0.0.1;
// the machines are shared, so no figure is asserted.

LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
let loads = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 400
let concurrency = 8
let server = try await StandInServer.start(StandInOptions(), logger: Logger(label: "bench"))
let urls = (0..<loads).map { server.baseURL.appendingPathComponent("randomuser/portraits/med/\($0 % 50).jpg") }

/// Loads every URL, `concurrency` at a time, each through `client()`; returns loads per second.
func round(_ client: @escaping @Sendable () -> any HTTPClient) async throws -> Double {
    let start = ContinuousClock.now
    try await withThrowingTaskGroup(of: Int.self) { group in
        var next = 0
        func add() {
            let url = urls[next]
            next += 1
            group.addTask {
                let response = try await client().send(HTTPRequest(url: url, timeout: 30))
                guard response.status == 200, !response.body.isEmpty else { throw FetchError.tooLarge(url, limit: 0) }
                return response.body.count
            }
        }
        while next < min(concurrency, urls.count) { add() }
        while try await group.next() != nil {
            if next < urls.count { add() }
        }
    }
    let elapsed = ContinuousClock.now - start
    return Double(urls.count) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}

func median(_ rates: [Double]) -> Double { rates.sorted()[rates.count / 2] }

/// The client under test: the app's own.
func makeClient() -> any HTTPClient { CurlHTTPClient() }

let shared: any HTTPClient = makeClient()
_ = try await round { shared }
var reused: [Double] = []
var fresh: [Double] = []
for _ in 0..<5 {
    reused.append(try await round { shared })
    fresh.append(try await round { makeClient() })
}
print("rolo-http-bench: \(loads) stand-in portraits (72×72 JPEG), \(concurrency) at a time, median of 5")
print("  one client, connections reused:  \(Int(median(reused))) images/s")
print("  a new client (connection) each:  \(Int(median(fresh))) images/s")
await server.stop()

/// The median time of one request, made one after another `count` times, each through
/// `client()`: a kept-alive connection's second and later answers, or a new connection's first.
func sequential(_ url: URL, count: Int, _ client: () -> any HTTPClient) async throws -> Double {
    var times: [Double] = []
    for _ in 0..<count {
        let start = ContinuousClock.now
        let response = try await client().send(HTTPRequest(url: url, timeout: 30))
        guard response.status == 200 else { throw FetchError.tooLarge(url, limit: 0) }
        let elapsed = ContinuousClock.now - start
        times.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
    }
    return median(times)
}

// One request after another, as a list's pages load: the stand-in as it serves (Nagle off) beside
// FlyingFox as it comes (Nagle on), whose reused connections each waited out a delayed ACK.
print("one request at a time (a people page, 24 employees), median ms of \(min(loads, 100)):")
for noDelay in [true, false] {
    var options = StandInOptions()
    options.noDelay = noDelay
    let standIn = try await StandInServer.start(options, logger: Logger(label: "bench"))
    let url = standIn.baseURL.appendingPathComponent("employees")
    let client = makeClient()
    _ = try await sequential(url, count: 1) { client }
    let kept = try await sequential(url, count: min(loads, 100)) { client }
    let new = try await sequential(url, count: min(loads, 100)) { makeClient() }
    let name = noDelay ? "TCP_NODELAY (as served)" : "Nagle on (FlyingFox's own)"
    print("  \(name.padding(toLength: 28, withPad: " ", startingAt: 0)) reused connection \(String(format: "%6.2f", kept)) ms   new connection \(String(format: "%6.2f", new)) ms")
    await standIn.stop()
}
