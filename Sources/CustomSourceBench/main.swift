import BenchSupport
import Foundation
import RoloCore

// rolo-custom-bench [RECORDS] [RUNS]: a configured source's store at 100,000 records against
// 100, on database files in a temporary directory:
// - insert: every record stored, a page of 500 at a time as the pager hands them over (JSON
//   text, folded search text, the trigram index), from an empty database;
// - open: a fresh RoloDatabase on the file, the count and the first screenful of 50 records,
//   then every record read and parsed in order;
// - the search index read into memory (``StoredSearchIndex``), as a list does after its first frame;
// - a search keystroke in that index: the last character of each term typed after the others
//   were answered (narrowing their matches), and the whole term at once; and the same terms
//   looked up in SQLite (a scan below three characters, the trigram index from three).
// Medians over RUNS; the machine is shared, so no absolute figure is asserted.

let records = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
let runs = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 5
let small = 100
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
func pages(_ count: Int) -> [CustomSourcePage] {
    stride(from: 0, to: count, by: pageSize).map { start in
        var next = PagingPosition.start(nil)
        next.page = start / pageSize + 2
        return CustomSourcePage(
            records: (start..<min(start + pageSize, count)).map(record), skipped: [],
            next: start + pageSize < count ? next : nil, total: count)
    }
}

/// Terms a keystroke is timed for: one character, two, a last name's start (8,337 matches at
/// 100,000), an email (11) and a city (16,667).
let terms = ["t", "ta", "tam", "user4242", "pärnu"]

struct Figures {
    var insert = Timings(), firstScreen = Timings(), open = Timings(), index = Timings(), indexMB = 0.0
    var keystroke: [String: Timings] = [:], whole: [String: Timings] = [:], sql: [String: Timings] = [:]
    var matches: [String: Int] = [:]
}

/// Every figure for a store of `count` records, over `runs` runs.
func measure(_ count: Int) async throws -> Figures {
    var figures = Figures()
    let pages = pages(count)
    for run in 0..<runs {
        let path = directory + "/\(count)-\(run)"
        var start = ContinuousClock.now
        let store = CustomRecordStore(database: try RoloDatabase(dataDirectory: path), source: source)
        for page in pages { try await store.append(page) }
        figures.insert.record(since: start)

        start = ContinuousClock.now
        let reopened = CustomRecordStore(database: try RoloDatabase(dataDirectory: path), source: source)
        let stored = try await reopened.count()
        let screen = try await reopened.records(0..<50)
        figures.firstScreen.record(since: start)
        precondition(stored == count && screen.count == min(50, count))
        let all = try await reopened.all()
        figures.open.record(since: start)
        precondition(all.count == count)

        start = ContinuousClock.now
        let search = reopened.memorySearch()
        let index = try await search.current()
        figures.index.record(since: start)
        precondition(index.count == count)
        figures.indexMB = Double(index.size) / 1_048_576

        for term in terms {
            for _ in 0..<5 {
                _ = try await search.positions(matching: String(term.dropLast()))
                start = ContinuousClock.now
                let found = try await search.positions(matching: term)
                figures.keystroke[term, default: Timings()].record(since: start)
                figures.matches[term] = found?.count

                let fresh = reopened.memorySearch()
                _ = try await fresh.current()
                start = ContinuousClock.now
                _ = try await fresh.positions(matching: term)
                figures.whole[term, default: Timings()].record(since: start)

                start = ContinuousClock.now
                let looked = try await reopened.positions(matching: term)
                figures.sql[term, default: Timings()].record(since: start)
                precondition(looked == found, "SQLite and the index disagree on '\(term)'")
            }
        }
    }
    return figures
}

let big = try await measure(records)
let little = try await measure(small)

func ms(_ value: Double) -> String { String(format: "%8.2f ms", value) }
func row(_ label: String, _ a: Timings, _ b: Timings) {
    print("  \(label.padding(toLength: 54, withPad: " ", startingAt: 0)) \(ms(a.median)) \(ms(b.median))  \(String(format: "%6.2f×", a.median / b.median))")
}
print("rolo-custom-bench: a configured source's store, \(records) records against \(small), \(runs) runs (medians)")
print(String(repeating: " ", count: 56) + String(format: "%11d %11d   ratio", records, small))
row("insert, pages of \(pageSize)", big.insert, little.insert)
row("open: count + first 50 records", big.firstScreen, little.firstScreen)
row("open: + every record read and parsed", big.open, little.open)
row(String(format: "search index read into memory (%.1f MB)", big.indexMB), big.index, little.index)
for term in terms {
    let found = "\(big.matches[term] ?? 0) / \(little.matches[term] ?? 0)"
    row("keystroke '\(term)' after '\(term.dropLast())' (\(found))", big.keystroke[term]!, little.keystroke[term]!)
    row("  '\(term)' at once, in memory", big.whole[term]!, little.whole[term]!)
    row("  '\(term)' in SQLite (\(term.count < 3 ? "scan" : "trigram index"))", big.sql[term]!, little.sql[term]!)
}
print(String(format: "Peak memory of this process: %.0f MB", peakMemoryMB()))
