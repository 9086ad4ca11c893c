import BenchSupport
import Foundation
import RoloCore

// rolo-engine-bench [RECORDS] [RUNS]: a configured source's store at RECORDS records (100,000 by
// default; `make bench MILLION=1` runs 1,000,000) against 100, on database files in a temporary
// directory:
// - insert: every record stored, a page of 1,000 at a time as the pager hands them over (JSON
//   text and folded search text, one transaction a page), from an empty database; the pages are
//   made between the timed appends, one at a time, so they don't count in the peak memory;
// - open: a fresh RoloDatabase on the file, the count and the first screenful of 50 records
//   (what a relaunch's first frame reads), then the last 50 (End, read by position);
// - the search index read into memory (``StoredSearchIndex``), as a list does after its first frame:
//   from SQLite the first time (the index then kept in a file beside the database, timed with
//   it), mapped from that file at a relaunch, and a relaunch's first keystroke ('t') with the map;
// - a search keystroke in that index: the last character of each term typed after the others
//   were answered (narrowing their matches), and the whole term at once; each checked against
//   the store's `positions(matching:)`, which `rolo dump --search` asks;
// - refresh: a full refresh pass over the stored list, pages of 1,000 merged from a task off the
//   main actor as a sync merges them (made between the timed merges), in which 10 records spread
//   across the list have another email and 5 come with their keys in another order (no change);
//   checked to merge 10 changed, 0 new, 0 removed and to record those 10 in `record_change`, else
//   the bench fails. Beside it how late a main-actor task that wakes every 2 ms woke meanwhile
//   (worst and 99th percentile over every run's wakes): how long a key would wait.
// Medians over RUNS; the machine is shared, so no absolute figure is asserted. The peak memory
// is the process's after the big store's runs.

let records = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
let runs = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 5
let small = 100
let pageSize = 1000

let config = """
    [[sources]]
    name = "bench"
    url = "https://api.example/people"
    label = "{first_name} {last_name}"
    columns = [ { title = "Email", value = "{email}" }, { title = "City", value = "{address.city}" } ]
    """
let directory = NSTemporaryDirectory() + "rolo-engine-bench-" + UUID().uuidString
try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: directory) }
try config.write(toFile: directory + "/config.toml", atomically: true, encoding: .utf8)
let settings = try SettingsLoader.load(options: [:], environment: ["HOME": directory], configFile: directory + "/config.toml")
let source = settings.configuredSources.sources[0]

let firstNames = ["Ann", "Mart", "Kadri", "Jüri", "Liis", "Oleg", "Анна", "Priit", "Mari", "Tõnu", "Sofia", "Chen"]
let lastNames = ["Tamm", "Saar", "Sepp", "Mägi", "Kask", "Kukk", "Rebane", "Ilves", "Pärn", "Koppel", "Smith", "Иванов"]
let cities = ["Tallinn", "Tartu", "Narva", "Pärnu", "Viljandi", "Rakvere"]
func record(_ index: Int) -> JSONRecord {
    let first = firstNames[index % firstNames.count], last = lastNames[(index / 7) % lastNames.count]
    return JSONRecord(id: String(index), value: .object([
        JSONMember("id", .number(String(index))), JSONMember("first_name", .string(first)),
        JSONMember("last_name", .string(last)), JSONMember("email", .string("user\(index)@example.com")),
        JSONMember("address", .object([JSONMember("city", .string(cities[index % cities.count])), JSONMember("zip", .string("1\(index % 9000)"))])),
        JSONMember("active", .bool(index % 3 == 0)),
    ]))
}
/// Page `number` (from 0) of a list of `count` records, each made by `making` from its index.
func page(_ number: Int, of count: Int, making: (Int) -> JSONRecord = record) -> RecordPage {
    let start = number * pageSize
    var next = PagingPosition.start(nil)
    next.page = number + 2
    return RecordPage(
        records: (start..<min(start + pageSize, count)).map(making), skipped: [],
        next: start + pageSize < count ? next : nil, total: count)
}

/// The ten records a refresh of `count` lists with another email, spread across the list, and
/// the five it lists with their keys in reverse order (the same values: no change).
func refreshChanged(_ count: Int) -> Set<Int> { Set((0..<10).map { $0 * count / 10 + count / 20 }) }
func refreshReordered(_ count: Int) -> Set<Int> { Set((0..<5).map { $0 * count / 5 + 1 }) }
/// Record `index` as the refresh of a list of `count` lists it.
func refreshed(_ index: Int, of count: Int) -> JSONRecord {
    var listed = record(index)
    guard case .object(var members) = listed.value else { return listed }
    if refreshChanged(count).contains(index) {
        members = members.map { $0.key == "email" ? JSONMember("email", .string("moved\(index)@example.com")) : $0 }
    } else if refreshReordered(count).contains(index) {
        members.reverse()
    }
    listed.value = .object(members)
    return listed
}

/// Ends the bench with `message`, non-zero: a figure it would print is wrong.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("rolo-engine-bench: \(message)\n".utf8))
    try? FileManager.default.removeItem(atPath: directory)
    exit(1)
}

/// Sleeps 2 ms at a time on the main actor until cancelled, as the screen waits for a key;
/// returns how late each wake was, in milliseconds (a key's answer is as late).
func mainActorTicker() -> Task<[Double], Never> {
    Task { @MainActor in
        var late: [Double] = []
        while !Task.isCancelled {
            let due = ContinuousClock.now + .milliseconds(2)
            do { try await Task.sleep(until: due, clock: .continuous) } catch { break }
            var wake = Timings()
            wake.record(since: due)
            late += wake.samples
        }
        return late
    }
}

/// `late` (a ticker's wakes) as its worst, the lateness 99% of wakes were within (nearest rank),
/// and the count of wakes.
func lateness(_ late: [Double]) -> String {
    guard !late.isEmpty else { return "no wake (it took less than 2 ms)" }
    let sorted = late.sorted()
    return String(format: "worst %.2f ms, p99 %.2f ms (%d wakes)", sorted.last!, sorted[Int((0.99 * Double(sorted.count)).rounded(.up)) - 1], sorted.count)
}

/// A full refresh of `store`'s `count` records, pages of 1,000 merged from a task off the main
/// actor as ``RecordSync`` merges them, the pages made between the timed merges; checks that it
/// changed exactly ``refreshChanged(_:)`` and recorded each as changed in `record_change`.
/// Returns the merges' time, and how late a ``mainActorTicker()`` woke while they ran.
func refresh(_ store: RecordStore, of count: Int) async throws -> (merging: Duration, late: [Double]) {
    let expected = refreshChanged(count)
    guard expected.count == 10, expected.isDisjoint(with: refreshReordered(count)) else { fail("a refresh needs 100 records or more") }
    let kept = try await store.changes(since: nil).count
    let pass = SyncPass(kind: .full, generation: try await store.syncMarks().generation + 1)
    let ticker = mainActorTicker()
    let (took, outcome) = try await Task.detached {
        var merging = Duration.zero, outcome = (added: 0, changed: 0, removed: 0, moved: 0)
        let start = ContinuousClock.now
        let lookups = try await store.searchLookups()
        merging += ContinuousClock.now - start
        for number in 0..<(count + pageSize - 1) / pageSize {
            var next = page(number, of: count) { refreshed($0, of: count) }
            next.next?.pass = pass
            let start = ContinuousClock.now
            let merged = try await store.merge(next, pass: pass, after: number * pageSize, lookups: lookups)
            merging += ContinuousClock.now - start
            outcome.changed += merged.changed
            outcome.added += merged.added
            outcome.removed += merged.removed
            outcome.moved += merged.moved
        }
        return (merging, outcome)
    }.value
    ticker.cancel()
    let late = await ticker.value
    guard outcome == (added: 0, changed: 10, removed: 0, moved: 0) else { fail("the refresh of \(count) merged \(outcome), not 10 changed") }
    let recorded = try await store.changes(since: nil).dropFirst(kept)
    let ids = Set(recorded.compactMap { Int($0.id) })
    guard recorded.count == 10, recorded.allSatisfy({ $0.kind == .changed && $0.fields.map(\.field) == ["email"] }), ids == expected else {
        fail("the refresh of \(count) recorded \(recorded.map { "\($0.kind) \($0.id) \($0.fields.map(\.field))" }), not 10 changed emails")
    }
    return (took, late)
}

/// Terms a keystroke is timed for: one character, two, a last name's start (8,337 matches at
/// 100,000), an email (11) and a city (16,667).
let terms = ["t", "ta", "tam", "user4242", "pärnu"]

struct Figures {
    var insert = Timings(), firstScreen = Timings(), end = Timings(), index = Timings(), indexMB = 0.0
    var indexFile = Timings(), firstKeystroke = Timings()
    var keystroke: [String: Timings] = [:], whole: [String: Timings] = [:]
    /// The refresh's merges, and how late the main actor's ticker woke during them (every run's wakes).
    var refresh = Timings(), late: [Double] = []
    var matches: [String: Int] = [:]
    /// Records stored a second, over the whole insert.
    var insertRate: Double { insert.median > 0 ? Double(storedCount) / (insert.median / 1000) : 0 }
    /// Records a refresh listed a second.
    var refreshRate: Double { refresh.median > 0 ? Double(storedCount) / (refresh.median / 1000) : 0 }
    var storedCount = 0
}

/// Every figure for a store of `count` records, over `runs` runs.
func measure(_ count: Int) async throws -> Figures {
    var figures = Figures()
    figures.storedCount = count
    for run in 0..<runs {
        let path = directory + "/\(count)-\(run)"
        let store = RecordStore(database: try RoloDatabase(dataDirectory: path), source: source)
        var inserting = Duration.zero
        for number in 0..<(count + pageSize - 1) / pageSize {
            let next = page(number, of: count)
            let start = ContinuousClock.now
            try await store.append(next)
            inserting += ContinuousClock.now - start
        }
        // The appends' time alone, the pages' making left out.
        figures.insert.record(since: ContinuousClock.now - inserting)

        var start = ContinuousClock.now
        let reopened = RecordStore(database: try RoloDatabase(dataDirectory: path), source: source)
        let stored = try await reopened.count()
        let screen = try await reopened.records(0..<50)
        figures.firstScreen.record(since: start)
        precondition(stored == count && screen.count == min(50, count))
        start = ContinuousClock.now
        let last = try await reopened.records(max(0, try await reopened.count() - 50)..<count)
        figures.end.record(since: start)
        precondition(last.last?.id == String(count - 1))

        start = ContinuousClock.now
        let search = reopened.memorySearch()
        let index = try await search.current()
        figures.index.record(since: start)
        precondition(index.count == count)
        figures.indexMB = Double(index.size) / 1_048_576
        for _ in 0..<5 {
            start = ContinuousClock.now
            let relaunched = try await reopened.memorySearch().current()
            figures.indexFile.record(since: start)
            precondition(relaunched.count == count)
            start = ContinuousClock.now
            let first = try await reopened.memorySearch().positions(matching: "t")
            figures.firstKeystroke.record(since: start)
            precondition(first == index.positions(matching: "t"))
        }

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
            }
            let dumped = try await reopened.positions(matching: term)
            let listed = try await search.positions(matching: term)
            precondition(dumped == listed, "the dump and the list disagree on '\(term)'")
        }

        let (merging, late) = try await refresh(store, of: count)
        figures.refresh.record(since: ContinuousClock.now - merging)
        figures.late += late
        try? FileManager.default.removeItem(atPath: path)
    }
    return figures
}

// The ticker's own lateness, with nothing else running: what the refresh's is measured against.
let idle = mainActorTicker()
try await Task.sleep(for: .milliseconds(500))
idle.cancel()
let idleLate = await idle.value
let big = try await measure(records)
let peak = peakMemoryMB()
let little = try await measure(small)

func ms(_ value: Double) -> String { String(format: "%8.2f ms", value) }
func row(_ label: String, _ a: Timings, _ b: Timings) {
    print("  \(label.padding(toLength: 54, withPad: " ", startingAt: 0)) \(ms(a.median)) \(ms(b.median))  \(String(format: "%6.2f×", a.median / b.median))")
}
print("rolo-engine-bench: a configured source's store, \(records) records against \(small), \(runs) runs (medians)")
print(String(repeating: " ", count: 56) + String(format: "%11d %11d   ratio", records, small))
row("insert, pages of \(pageSize)", big.insert, little.insert)
print(String(format: "    records stored a second: %.0f (%d) and %.0f (%d)", big.insertRate, records, little.insertRate, small))
row("open: count + first 50 records", big.firstScreen, little.firstScreen)
row("End: the last 50 records, read by position", big.end, little.end)
row(String(format: "search index read from SQLite, kept in a file (%.1f MB)", big.indexMB), big.index, little.index)
row("search index mapped from its file (a relaunch)", big.indexFile, little.indexFile)
row("a relaunch's first keystroke 't', the file mapped with it", big.firstKeystroke, little.firstKeystroke)
for term in terms {
    let found = "\(big.matches[term] ?? 0) / \(little.matches[term] ?? 0)"
    row("keystroke '\(term)' after '\(term.dropLast())' (\(found))", big.keystroke[term]!, little.keystroke[term]!)
    row("  '\(term)' at once, in memory", big.whole[term]!, little.whole[term]!)
}
row("refresh, pages of \(pageSize), 10 changed (5 keys reordered)", big.refresh, little.refresh)
print(String(format: "    records listed a second: %.0f (%d) and %.0f (%d)", big.refreshRate, records, little.refreshRate, small))
print("    the main actor's 2 ms ticker during it, late by: at \(records) \(lateness(big.late)),")
print("      at \(small) \(lateness(little.late)); with nothing running \(lateness(idleLate))")
print(String(format: "Peak memory of this process, after the %d-record runs: %.0f MB", records, peak))
