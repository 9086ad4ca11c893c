import BenchSupport
import Foundation
import Logging
import RoloApp
import RoloCore
import StandIn
import TerminalUI

// rolo-load-bench [RECORDS] [RUNS]: people, foods and the directory at 200,000 records each (from
// the stand-in's hostile switches, fetched once over real HTTP), in-process:
// - decode speed of each source's list decoder, in MB/s;
// - answer → first frame: from the answer in hand to a drawn frame showing the list (decoding,
//   the row index and search text off the main actor, then the frame);
// - End (jump to the last row and draw), and one search keystroke: the main actor's share (the
//   key handled and a frame drawn) and the time until the matches are drawn;
// - the 100 KB-field case: a first name of 100,000 characters, answer → first frame and drawing
//   its row selected.
// Medians over RUNS; the machine is shared, so no absolute figure is asserted here.

LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
let records = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 200_000
let runs = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 5
let size = Size(width: 120, height: 40)

let http = CurlHTTPClient()

func fetch(_ url: URL) async throws -> Data {
    let response = try await http.send(HTTPRequest(url: url, timeout: 120))
    precondition(response.isSuccess, "\(url): HTTP \(response.status)")
    return response.body
}

@MainActor
func settled(_ controller: ScreenController) async {
    while !controller.busy.isIdle || controller.sources.contains(where: \.status.isLoading) {
        try? await Task.sleep(for: .microseconds(200))
    }
}

struct Figures {
    var decode = Timings(), firstFrame = Timings(), end = Timings(), keystroke = Timings(), matches = Timings()
    var bytes = 0
}

/// One source's figures: `make` builds its view-model over the answer in hand.
@MainActor
func measure(bytes: Int, decode: () throws -> Void, make: (BusyTracker) -> any SourceModel, search: Character) async throws -> Figures {
    var figures = Figures()
    figures.bytes = bytes
    for _ in 0..<runs {
        var start = ContinuousClock.now
        try decode()
        figures.decode.record(since: start)

        let busy = BusyTracker()
        start = ContinuousClock.now
        let controller = ScreenController(sources: [make(busy)], size: size, busy: busy)
        controller.start()
        await settled(controller)
        var canvas = controller.render(theme: .monochrome, glyphs: .unicode)
        figures.firstFrame.record(since: start)
        precondition(canvas.text.contains("1/"), "the first frame shows no list:\n\(canvas.text)")

        start = ContinuousClock.now
        controller.perform(.last)
        canvas = controller.render(theme: .monochrome, glyphs: .unicode)
        figures.end.record(since: start)

        controller.perform(.search)
        start = ContinuousClock.now
        controller.handle(.key(.character(search)))
        canvas = controller.render(theme: .monochrome, glyphs: .unicode)
        figures.keystroke.record(since: start)
        await settled(controller)
        canvas = controller.render(theme: .monochrome, glyphs: .unicode)
        figures.matches.record(since: start)
    }
    return figures
}

func ms(_ value: Double) -> String { String(format: "%9.2f ms", value) }

var options = StandInOptions()
options.hostility = StandInHostility(records: records)
let server = try await StandInServer.start(options, logger: Logger(label: "bench"))
let base = server.baseURL
let peopleBody = try await fetch(base.appendingPathComponent("employees"))
let foodsBody = try await fetch(base.appendingPathComponent("foods/api/v1/bench/food"))
let cities = ["tallinn", "tartu"].map { base.appendingPathComponent("directory/\($0)/employee_list") }
var cityBodies: [(URL, Data)] = []
for url in cities { cityBodies.append((url, try await fetch(url))) }
options.hostility = StandInHostility(hugeField: 100_000)
let hugeServer = try await StandInServer.start(options, logger: Logger(label: "bench"))
let hugeBody = try await fetch(hugeServer.baseURL.appendingPathComponent("employees"))
await server.stop()
await hugeServer.stop()

print("rolo-load-bench: \(records) records per source, \(size.width)×\(size.height), median of \(runs) runs")
print("")
let people = try await measure(
    bytes: peopleBody.count, decode: { _ = try PeopleDecoder.decodeEmployees(peopleBody) },
    make: { PeopleViewModel(service: ReceivedPeople(body: peopleBody), busy: $0) }, search: "z")
let foods = try await measure(
    bytes: foodsBody.count, decode: { _ = try FoodsDecoder.decodeFoods(foodsBody) },
    make: { FoodsViewModel(service: ReceivedFoods(body: foodsBody), busy: $0, pictures: nil, imageLoader: nil, useFlags: true) },
    search: "z")
let directory = try await measure(
    bytes: cityBodies.reduce(0) { $0 + $1.1.count },
    decode: { for (_, body) in cityBodies { _ = try DirectoryDecoder.decodeEmployees(body) } },
    make: { DirectoryViewModel(service: ReceivedDirectory(bodies: cityBodies), snapshots: nil, contacts: [], contactsProblem: nil, busy: $0) },
    search: "z")

func padded(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
print(String(repeating: " ", count: 44) + padded("people", 12) + padded("foods", 13) + padded("directory", 13))
let table: [(String, [Figures], (Figures) -> String)] = [
    ("answer size", [people, foods, directory], { String(format: "%9.1f MB", Double($0.bytes) / 1e6) }),
    ("decode", [people, foods, directory], { ms($0.decode.median) }),
    ("decode speed", [people, foods, directory], { String(format: "%7.1f MB/s", Double($0.bytes) / 1e6 / ($0.decode.median / 1000)) }),
    ("answer → first frame", [people, foods, directory], { ms($0.firstFrame.median) }),
    ("End: jump to the last row and draw", [people, foods, directory], { ms($0.end.median) }),
    ("a search keystroke: key + frame", [people, foods, directory], { ms($0.keystroke.median) }),
    ("a search keystroke: until matches drawn", [people, foods, directory], { ms($0.matches.median) }),
]
for (label, figures, format) in table {
    print("  " + label.padding(toLength: 42, withPad: " ", startingAt: 0) + figures.map { " " + format($0) }.joined())
}

// The 100 KB field: a 100,000-character first name, selected.
var hugeFrame = Timings(), hugeDraw = Timings()
for _ in 0..<runs {
    let busy = BusyTracker()
    var start = ContinuousClock.now
    let controller = ScreenController(sources: [PeopleViewModel(service: ReceivedPeople(body: hugeBody), busy: busy)], size: size, busy: busy)
    controller.start()
    await settled(controller)
    _ = controller.render(theme: .monochrome, glyphs: .unicode)
    hugeFrame.record(since: start)
    for _ in 0..<20 {
        start = ContinuousClock.now
        _ = controller.render(theme: .monochrome, glyphs: .unicode)
        hugeDraw.record(since: start)
    }
}
print("")
print("A 100,000-character first name (\(String(format: "%.0f", Double(hugeBody.count) / 1e3)) KB answer, 24 employees)")
print("  answer → first frame" + ms(hugeFrame.median))
print("  a frame with its row selected and its detail shown" + ms(hugeDraw.median))
// The directory's own steps: the sort (position, last name, first name, email in Estonian
// collation) and saving the answer for the next start.
let directoryPeople = DirectoryMerge.merge(try cityBodies.map { try DirectoryDecoder.decodeEmployees($0.1).records })
let directoryCities = try cityBodies.map { DirectorySnapshot.City(url: $0.0, employees: try DirectoryDecoder.decodeEmployees($0.1).records) }
let saveDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("rolo-load-bench-\(getpid())")
let snapshots = DirectorySnapshotStore(path: saveDirectory.appendingPathComponent("directory.json").path)
var directorySort = Timings(), directorySave = Timings(), directoryRead = Timings()
for _ in 0..<runs {
    var start = ContinuousClock.now
    _ = DirectoryMerge.order(directoryPeople, locale: Locale(identifier: "et_EE"))
    directorySort.record(since: start)
    start = ContinuousClock.now
    try snapshots.save(directoryCities)
    directorySave.record(since: start)
    start = ContinuousClock.now
    guard case .loaded = snapshots.load() else { fatalError("the saved directory didn't read back") }
    directoryRead.record(since: start)
}
try? FileManager.default.removeItem(at: saveDirectory)
print("")
print("The directory's \(directoryPeople.count) people")
print("  sorting them (Estonian collation)" + ms(directorySort.median))
print("  saving them for the next start   " + ms(directorySave.median))
print("  reading them back at the next    " + ms(directoryRead.median))
print("")
print(String(format: "Peak memory of this process (bodies held, stand-in included): %.0f MB", peakMemoryMB()))

