import ArgumentParser
import Foundation
import Logging
import StandIn

/// Serves the stand-in alone, for trying rolo or other clients against it.
struct DemoServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo-server",
        abstract: "Serve the stand-in APIs on 127.0.0.1 until interrupted."
    )

    @Option(help: "Port to listen on (0 picks a free one).")
    var port: UInt16 = 5000

    @Option(help: ArgumentHelp("Milliseconds to wait before every API answer.", valueName: "ms"))
    var latency: Int = 0

    @Option(name: .customLong("fail-rate"), help: ArgumentHelp("Share of API requests that answer 500, from 0 to 1.", valueName: "p"))
    var failRate: Double = 0

    @Option(help: "How many employees the people API serves.")
    var employees: Int = 24

    @Option(help: "How many persons the Pipedrive account has (100,000 and more are generated on demand).")
    var persons: Int = 500

    @Option(name: .customLong("pipedrive-burst"), help: ArgumentHelp("Pipedrive requests allowed in two seconds before a 429.", valueName: "n"))
    var pipedriveBurst: Int = 1000

    @Option(help: "Seed of the generated data.")
    var seed: UInt64 = 1

    @Option(name: .customLong("like-fail-rate"), help: ArgumentHelp("Share of foods likes and unlikes that fail, from 0 to 1.", valueName: "p"))
    var likeFailRate: Double = 0.2

    @Option(help: ArgumentHelp("Records in the people, foods and directory lists, generated plainly (hostile).", valueName: "n"))
    var records: Int = 0

    @Option(name: .customLong("huge-field"), help: ArgumentHelp("Characters of the first record's name in those lists (hostile).", valueName: "n"))
    var hugeField: Int = 0

    @Option(name: .customLong("bad-records"), help: ArgumentHelp("Unreadable records mixed into those lists (hostile).", valueName: "n"))
    var badRecords: Int = 0

    @Option(help: ArgumentHelp("Milliseconds over which those lists' bodies trickle in (hostile).", valueName: "ms"))
    var trickle: Int = 0

    @Flag(name: .customLong("foods-paged"), help: "Serve the 2025 foods API: GET food/<page> answers 10 foods and the totalCount, GET food a 404.")
    var foodsPaged = false

    func validate() throws {
        guard (0...1).contains(failRate) else { throw ValidationError("--fail-rate must be between 0 and 1.") }
        guard (0...1).contains(likeFailRate) else { throw ValidationError("--like-fail-rate must be between 0 and 1.") }
        guard latency >= 0 else { throw ValidationError("--latency can't be negative.") }
        guard employees >= 0 else { throw ValidationError("--employees can't be negative.") }
        guard persons >= 0 else { throw ValidationError("--persons can't be negative.") }
        guard records >= 0, hugeField >= 0, badRecords >= 0, trickle >= 0 else {
            throw ValidationError("--records, --huge-field, --bad-records and --trickle can't be negative.")
        }
        guard pipedriveBurst >= 1 else { throw ValidationError("--pipedrive-burst must be at least 1.") }
    }

    func run() async throws {
        var options = StandInOptions()
        options.port = port
        options.latencyMilliseconds = latency
        options.failRate = failRate
        options.employees = employees
        options.pipedrivePersons = persons
        options.pipedriveBurst = pipedriveBurst
        options.seed = seed
        options.foodsLikeFailRate = likeFailRate
        options.foodsPaged = foodsPaged
        options.hostility = StandInHostility(
            records: records, hugeField: hugeField, badRecords: badRecords, trickleMilliseconds: trickle)
        var logger = Logger(label: "rolo.stand-in")
        logger.logLevel = .info
        let server = try await StandInServer.start(options, logger: logger)
        // Written unbuffered: print() holds lines back when stdout is a pipe, and scripts read
        // this line to learn the port.
        let foods = server.baseURL.appendingPathComponent("foods/api/v1/demo")
        let banner = """
        rolo stand-in listening on \(server.baseURL) — try: rolo people --people-url \(server.baseURL)
        foods\(foodsPaged ? " (the 2025 API, paged)" : ""): rolo foods --foods-url \(foods)
        pipedrive: PIPEDRIVE_API_TOKEN=\(options.pipedriveToken) rolo pipedrive --pipedrive-url \(server.baseURL.appendingPathComponent("pipedrive")) --gravatar-url \(server.baseURL.appendingPathComponent("pipedrive/gravatar/"))
        Ctrl-C stops it.

        """
        FileHandle.standardOutput.write(Data(banner.utf8))
        while !Task.isCancelled {
            try await Task.sleep(for: .seconds(3600))
        }
    }
}
