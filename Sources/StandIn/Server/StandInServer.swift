import FlyingFox
import FlyingSocks
import Foundation
import Logging

/// rolo's own server for the five APIs it browses and two more for configured sources (a GitHub
/// organisation's members, a staff directory), with generated data and switches for latency,
/// failures and size. It runs in-process (`rolo --demo`, tests, benchmarks) or alone
/// (`rolo demo-server`), always on 127.0.0.1.
public final class StandInServer: Sendable {
    /// Why the server could not start.
    public struct StartError: Error, CustomStringConvertible {
        /// What went wrong, with the underlying error.
        public let description: String
    }

    private let http: HTTPServer
    private let runTask: Task<Void, any Error>
    private let state: StandInState

    /// The TCP port the server listens on (the chosen one when started with port 0).
    public let port: UInt16

    /// `http://127.0.0.1:<port>`, the base URL of every API the server speaks.
    public var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)")!
    }

    private init(http: HTTPServer, runTask: Task<Void, any Error>, state: StandInState, port: UInt16) {
        self.http = http
        self.runTask = runTask
        self.state = state
        self.port = port
    }

    /// Starts a server with `options` and returns once it accepts connections. Its own log lines
    /// go to `logger` only; nothing is written to stdout or stderr.
    public static func start(_ options: StandInOptions, logger: Logger) async throws -> StandInServer {
        let apis = StandInCatalog.apis(options, logger: logger)
        let state = StandInState(options: options, routeNames: StandInRouter.routeNames(of: apis))
        let pool: any AsyncSocketPool = options.noDelay ? NoDelaySocketPool(base: HTTPServer.defaultPool()) : HTTPServer.defaultPool()
        let http = HTTPServer(
            address: try .inet(ip4: "127.0.0.1", port: options.port),
            // FlyingFox's timeout bounds a handler's run time; latency may be set to many
            // seconds on purpose, so it must never cut a delayed answer short.
            timeout: 86_400,
            pool: pool,
            logger: FlyingFoxLogger(logger: logger),
            handler: StandInRouter(apis: apis, state: state, logger: logger)
        )
        let (outcomes, report) = AsyncStream.makeStream(of: Result<Void, any Error>.self)
        // `run()` throws at once when the port is taken, while `waitUntilListening()` would
        // only time out later: whichever reports first decides. Its deadline is generous because
        // it only matters when neither reports: on a machine whose cores the test suite keeps
        // busy, FlyingFox's 5 s default fails starts that are merely slow to be scheduled.
        let runTask = Task {
            do {
                try await http.run()
                report.yield(.failure(StartError(description: "the server stopped while starting")))
            } catch {
                report.yield(.failure(error))
                throw error
            }
        }
        Task {
            do {
                try await http.waitUntilListening(timeout: 60)
                report.yield(.success(()))
            } catch {
                report.yield(.failure(error))
            }
        }
        let first = await outcomes.first { _ in true }
        report.finish()
        if case .failure(let error)? = first {
            runTask.cancel()
            throw StartError(description: "cannot listen on 127.0.0.1:\(options.port): \(error)")
        }
        guard case .ip4(_, let port)? = await http.listeningAddress else {
            await http.stop()
            throw StartError(description: "the server listens on an unexpected address")
        }
        logger.info("stand-in server listening on http://127.0.0.1:\(port)")
        return StandInServer(http: http, runTask: runTask, state: state, port: port)
    }

    /// Stops listening, cancels requests still waiting out their latency, and returns once the
    /// server has shut down.
    public func stop() async {
        // No grace period: the stand-in's clients are tests and rolo itself, and an idle
        // keep-alive connection must not hold the shutdown up.
        await http.stop(timeout: 0)
        _ = await runTask.result
    }

    /// How many requests `route` (e.g. `people.list`) has received since start or reset,
    /// failed ones included.
    public func requestCount(_ route: String) async -> Int {
        await state.count(route)
    }

    /// Makes the next `remaining` requests to `route` answer with the API's 500, or with a 429
    /// (`status: 429`) saying `Retry-After: retryAfter`.
    public func setFailure(_ route: String, remaining: Int, status: Int = 500, retryAfter: Int? = nil) async {
        await state.setFailure(route, remaining: remaining, status: status, retryAfter: retryAfter)
    }

    /// Sets the delay added before every later response.
    public func setLatency(milliseconds: Int) async {
        await state.setLatency(milliseconds: milliseconds)
    }
}
