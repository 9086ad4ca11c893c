import Foundation
import Logging
import RoloCore
import StandIn

// rolo-http-bench [LOADS]: how fast rolo's HTTP client loads the stand-in's images the way a
// list's thumbnails load, eight at a time: through one client, whose connections are reused,
// against a new client for every image (a new connection each). Median of 5 rounds, after a
// warm-up round that has the stand-in render and cache every portrait. The stand-in runs
// in-process on 127.0.0.1; the machines are shared, so no figure is asserted.

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
