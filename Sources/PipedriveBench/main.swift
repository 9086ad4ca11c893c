import BenchSupport
import Foundation
import Logging
import RoloApp
import RoloCore
import StandIn
import TerminalUI

// rolo-pipedrive-bench [PERSONS]: the pipedrive source at a large account (100,000 by default)
// against a small one (100), in-process over real HTTP and a real WAL database file:
// - loading the account from the stand-in into the database, in persons per second (v2 and v1),
//   and the requests it took, names of organisations and owners included (v2);
// - the first frame of a launch from what is stored (the list, its position, the detail);
// - End (jump to the last person and draw) and a filter by a name (type it, wait for the
//   matches, draw), each as the median of many runs;
// - a search keystroke: the last character of a term typed once the rest was answered, until
//   its matches are drawn, for one character, two, a last name and a term most emails hold;
// - the process's peak memory.
// Printed as medians and large/small ratios; the machines are shared, so no absolute figure is
// asserted anywhere.

LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
let large = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
let small = 100
let size = Size(width: 120, height: 40)

/// A fresh data directory, removed at exit.
func scratch(_ name: String) -> String {
    let path = NSTemporaryDirectory() + "rolo-pipedrive-bench-\(getpid())/\(name)"
    try? FileManager.default.removeItem(atPath: path)
    return path
}

/// The stand-in's Pipedrive routes a load asks, as its `/__standin/stats` counts them.
let routes = ["pipedrive.v2", "pipedrive.v1", "pipedrive.organizations", "pipedrive.users"]

/// Each Pipedrive route's request count at `server` so far.
func requestCounts(_ server: StandInServer) async -> [String: Int] {
    var counts: [String: Int] = [:]
    for route in routes { counts[route] = await server.requestCount(route) }
    return counts
}

/// Loads the whole account at `server` into a new database; returns it and the seconds taken.
func load(_ server: StandInServer, api: PipedriveAPIVersion, into directory: String) async throws -> (RoloDatabase, Double) {
    let database = try RoloDatabase(dataDirectory: directory)
    let account = try PipedriveAccount(
        companyURL: server.baseURL.appendingPathComponent("pipedrive"), token: StandInOptions().pipedriveToken, api: api,
        http: CurlHTTPClient(), database: database)
    let start = ContinuousClock.now
    try await account.sync()?.run(refresh: false)
    let elapsed = ContinuousClock.now - start
    return (database, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}

/// A network that can't be reached, so a screen shows only what is stored.
struct Offline: HTTPClient {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        throw FetchError(kind: .unreachable, endpoint: "bench", message: "offline", detail: "bench")
    }
}

/// The persons stored in `database`, counted.
func storedCount(_ database: RoloDatabase) async throws -> Int {
    try await PipedriveAccount(storedIn: database).store.count()
}

/// A pipedrive screen over `database`, offline (so only what is stored is shown), started.
@MainActor
func screen(_ database: RoloDatabase) -> (ScreenController, PipedriveViewModel) {
    let busy = BusyTracker()
    let model = PipedriveViewModel(
        http: Offline(), token: "bench", api: .v2, database: database, busy: busy, pictures: nil, imageLoader: nil,
        gravatarBase: URL(string: "http://127.0.0.1/")!, companyURL: URL(string: "http://127.0.0.1/pipedrive")!)
    let controller = ScreenController(sources: [model], size: size, busy: busy)
    controller.start()
    return (controller, model)
}

/// Waits until the model has no search or sync running, without spinning the CPU.
@MainActor
func settled(_ model: PipedriveViewModel) async {
    while model.isLoading { try? await Task.sleep(for: .microseconds(200)) }
}

struct ScreenFigures {
    var firstFrame = Timings(), end = Timings(), filter = Timings(), matches = 0
    var keystrokes: [String: Timings] = [:], keystrokeMatches: [String: Int] = [:]
}

/// The terms a keystroke is timed for: one character, two, a last name the stand-in gives one
/// person in twenty, and the domain of every email (six persons in seven have one).
let keystrokeTerms = ["a", "lo", "lovelace", "example"]

/// Types `term` but its last character and waits for its matches, then times the last
/// character until its matches are drawn, into `timings`; returns how many matched.
@MainActor
func keystroke(_ controller: ScreenController, _ model: PipedriveViewModel, _ term: String, into timings: inout Timings) async -> Int {
    controller.perform(.clearSearch)
    controller.perform(.search)
    for character in term.dropLast() { controller.handle(.key(.character(character))) }
    await settled(model)
    _ = controller.render(theme: .monochrome, glyphs: .unicode)
    let start = ContinuousClock.now
    controller.handle(.key(.character(term.last!)))
    await settled(model)
    let canvas = controller.render(theme: .monochrome, glyphs: .unicode)
    timings.record(since: start)
    precondition(canvas.text.contains("matching"), "the keystroke drew no matches")
    return model.entries.rowCount
}

/// The screen figures over `database`: `runs` launches, Ends and filters by `name`.
@MainActor
func measureScreen(_ database: RoloDatabase, name: String, runs: Int) async -> ScreenFigures {
    var figures = ScreenFigures()
    for _ in 0..<runs {
        var start = ContinuousClock.now
        let (controller, model) = screen(database)
        var canvas = controller.render(theme: .monochrome, glyphs: .unicode)
        figures.firstFrame.record(since: start)
        precondition(canvas.text.contains("1/"), "the first frame shows no position")

        start = ContinuousClock.now
        controller.perform(.last)
        canvas = controller.render(theme: .monochrome, glyphs: .unicode)
        figures.end.record(since: start)

        await settled(model)  // the offline sync attempt has ended
        start = ContinuousClock.now
        controller.perform(.search)
        for character in name { controller.handle(.key(.character(character))) }
        await settled(model)
        canvas = controller.render(theme: .monochrome, glyphs: .unicode)
        figures.filter.record(since: start)
        figures.matches = model.entries.rowCount
        precondition(canvas.text.contains("matching"), "the filter drew no matches")

        for term in keystrokeTerms {
            var timings = figures.keystrokes[term] ?? Timings()
            figures.keystrokeMatches[term] = await keystroke(controller, model, term, into: &timings)
            figures.keystrokes[term] = timings
        }
    }
    return figures
}


func ms(_ value: Double) -> String { String(format: "%8.2f ms", value) }

var options = StandInOptions()
options.pipedrivePersons = large
options.pipedriveBurst = 1_000_000
let largeServer = try await StandInServer.start(options, logger: Logger(label: "bench"))
options.pipedrivePersons = small
let smallServer = try await StandInServer.start(options, logger: Logger(label: "bench"))

print("rolo-pipedrive-bench: \(large) persons against \(small), stand-in on 127.0.0.1, pages of 500, WAL database")
print("")
print("Loading the account into the database (the record engine: fetch, read, one transaction per page)")
var largeDatabase: RoloDatabase?
for api in [PipedriveAPIVersion.v2, .v1] {
    var rates: [Double] = []
    let before = await requestCounts(largeServer)
    for run in 0..<(api == .v2 ? 3 : 1) {
        let (database, seconds) = try await load(largeServer, api: api, into: scratch("\(api)-\(run)"))
        if run == 0 {
            let after = await requestCounts(largeServer)
            let asked = routes.map { ($0, after[$0, default: 0] - before[$0, default: 0]) }.filter { $0.1 > 0 }
            print("  \(api) requests for \(large) persons: " + asked.map { "\($0.1) \($0.0)" }.joined(separator: ", "))
        }
        let stored = try await storedCount(database)
        precondition(stored == large, "stored \(stored) of \(large)")
        rates.append(Double(large) / seconds)
        if api == .v2 { largeDatabase = database }
    }
    let median = rates.sorted()[rates.count / 2]
    print("  \(api): \(Int(median)) persons/s (median of \(rates.count); \(String(format: "%.1f", Double(large) / median)) s for the account)")
}
let (smallDatabase, _) = try await load(smallServer, api: .v2, into: scratch("small"))
await largeServer.stop()
await smallServer.stop()
let loadedPeak = peakMemoryMB()

// A last name the stand-in gives about one person in twelve, as a real filter would match.
let name = "lovelace"
let runs = 15
let big = await measureScreen(largeDatabase!, name: name, runs: runs)
let little = await measureScreen(smallDatabase, name: name, runs: runs)
print("")
print("The screen (\(size.width)×\(size.height), offline so only the database answers; median of \(runs))")
func padded(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
print(String(repeating: " ", count: 48) + "\(padded("\(large)", 11)) \(padded("\(small)", 11))   ratio")
let figureRows = [
    ("launch → first frame from the database", big.firstFrame, little.firstFrame),
    ("End: jump to the last person and draw", big.end, little.end),
    ("type “\(name)”, its matches drawn (\(big.matches) / \(little.matches))", big.filter, little.filter),
] + keystrokeTerms.map { term in
    ("keystroke “\(term.last!)” of “\(term)” (\(big.keystrokeMatches[term] ?? 0) / \(little.keystrokeMatches[term] ?? 0))",
     big.keystrokes[term]!, little.keystrokes[term]!)
}
for (label, a, b) in figureRows {
    print("  \(label.padding(toLength: 46, withPad: " ", startingAt: 0)) \(ms(a.median)) \(ms(b.median))  \(String(format: "%5.2f×", a.median / b.median))")
}
var indexRead = Timings(), indexSize = 0
for _ in 0..<5 {
    let start = ContinuousClock.now
    let index = try await PipedriveAccount(storedIn: largeDatabase!).store.searchIndex()
    indexRead.record(since: start)
    indexSize = index.size
}
print(String(format: "  the persons' search text read into memory: %.1f ms, %.1f MB (median of 5)", indexRead.median, Double(indexSize) / 1_048_576))
// What a launch's screen does for it: the index file the first screen kept, mapped and checked
// against the store's search mark (with no file, as before the engine, the read above).
var launchRead = Timings()
for _ in 0..<5 {
    let start = ContinuousClock.now
    let index = try await PipedriveAccount(storedIn: largeDatabase!).store.memorySearch().current()
    launchRead.record(since: start)
    precondition(index.count == large, "the screen's index holds \(index.count) of \(large)")
}
print(String(format: "  the same as a launch's screen gets it, from the index file: %.1f ms (median of 5)", launchRead.median))
print("")
print(String(format: "Peak memory of this process (stand-in, loader and screens included): %.0f MB; %.0f MB once loaded, before the screens", peakMemoryMB(), loadedPeak))
try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "rolo-pipedrive-bench-\(getpid())")
