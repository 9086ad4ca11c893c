import BenchSupport
import Foundation
import RoloCore

// rolo-custom-bench [RECORDS] [RUNS]: a configured source's store at 100,000 records, on a
// database file in a temporary directory:
// - insert: every record stored, a page of 500 at a time as the pager hands them over (JSON
//   text, folded search text, the trigram index), from an empty database;
// - open: a fresh RoloDatabase on the file, the count and the first screenful of 50 records,
//   then every record read and parsed in order (what a relaunch shows);
// - every record's search text read, for an index in memory;
// - a search keystroke: the positions matching 1, 2, 3 and more characters (a scan below three,
//   the trigram index from three).
// Medians over RUNS; the machine is shared, so no absolute figure is asserted.

let records = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
let runs = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 5
let pageSize = 500

let config = """
    [[sources]]
    name = "bench"
    url = "https://api.example/people"
    label = "{first_name} {last_name}"
    columns = [ { title = "Email", value = "{email}" }, { title = "City", value = "{address.city}" } ]
    """
let directory = NSTemporaryDirectory() + "rolo-custom-bench-" + UUID().uuidString
try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: directory) }
try config.write(toFile: directory + "/config.toml", atomically: true, encoding: .utf8)
let settings = try SettingsLoader.load(options: [:], environment: ["HOME": directory], configFile: directory + "/config.toml")
let source = settings.customSources.sources[0]

let firstNames = ["Ann", "Mart", "Kadri", "Jüri", "Liis", "Oleg", "Анна", "Priit", "Mari", "Tõnu", "Sofia", "Chen"]
let lastNames = ["Tamm", "Saar", "Sepp", "Mägi", "Kask", "Kukk", "Rebane", "Ilves", "Pärn", "Koppel", "Smith", "Иванов"]
let cities = ["Tallinn", "Tartu", "Narva", "Pärnu", "Viljandi", "Rakvere"]
func record(_ index: Int) -> CustomRecord {
    let first = firstNames[index % firstNames.count], last = lastNames[(index / 7) % lastNames.count]
    return CustomRecord(id: String(index), value: .object([
        JSONMember("id", .number(String(index))), JSONMember("first_name", .string(first)),
        JSONMember("last_name", .string(last)), JSONMember("email", .string("user\(index)@example.com")),
        JSONMember("address", .object([JSONMember("city", .string(cities[index % cities.count])), JSONMember("zip", .string("1\(index % 9000)"))])),
        JSONMember("active", .bool(index % 3 == 0)),
    ]))
}
let pages = stride(from: 0, to: records, by: pageSize).map { start in
    var next = PagingPosition.start(nil)
    next.page = start / pageSize + 2
    return CustomSourcePage(
        records: (start..<min(start + pageSize, records)).map(record), skipped: [],
        next: start + pageSize < records ? next : nil, total: records)
}

var insert = Timings(), open = Timings(), firstScreen = Timings(), readAll = Timings(), texts = Timings()
var searches: [String: Timings] = [:]
let terms = ["t", "ta", "tam", "tamm", "user4242", "pärnu"]
var matches: [String: Int] = [:]
for run in 0..<runs {
    let path = directory + "/run\(run)"
    var start = ContinuousClock.now
    let database = try RoloDatabase(dataDirectory: path)
    let store = CustomRecordStore(database: database, source: source)
    for page in pages { try await store.append(page) }
    insert.record(since: start)

    start = ContinuousClock.now
    let reopened = CustomRecordStore(database: try RoloDatabase(dataDirectory: path), source: source)
    let count = try await reopened.count()
    let screen = try await reopened.records(0..<50)
    firstScreen.record(since: start)
    precondition(count == records && screen.count == min(50, records))
    let all = try await reopened.all()
    open.record(since: start)
    precondition(all.count == records)

    start = ContinuousClock.now
    _ = try await reopened.all()
    readAll.record(since: start)

    start = ContinuousClock.now
    let searchTexts = try await reopened.searchTexts()
    texts.record(since: start)
    precondition(searchTexts.count == records)

    for term in terms {
        for _ in 0..<5 {
            start = ContinuousClock.now
            matches[term] = try await reopened.positions(matching: term).count
            searches[term, default: Timings()].record(since: start)
        }
    }
}

func ms(_ value: Double) -> String { String(format: "%.1f ms", value) }
print("custom source store, \(records) records, \(runs) runs (medians)")
print("insert, pages of \(pageSize): \(ms(insert.median))")
print("open: count + first 50 records: \(ms(firstScreen.median)); + all \(records) read and parsed: \(ms(open.median))")
print("read and parse all again: \(ms(readAll.median))")
print("every search text, for an index in memory: \(ms(texts.median))")
for term in terms {
    print("search '\(term)' (\(matches[term] ?? 0) matches): \(ms(searches[term]!.median)) (p90 \(ms(searches[term]!.p90)))")
}
