import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

/// Watched tabs refresh themselves: every interval from the last refresh, four intervals while
/// the terminal is out of focus, retried two then four intervals after a refresh that can't
/// reach the server, which says so in the status line and not over the screen.
@MainActor
@Suite("Watching: a tab that refreshes itself")
struct WatchTests {
    /// A source whose refreshes the test ends, reaching the server or not.
    final class RefreshedSource: SourceModel, ReportsOffline {
        let id: SourceID
        let listTitle = "CRM"
        let noun = (singular: "person", plural: "people")
        let columns = [ListColumn("Name", .flexible(min: 10))]
        var entries: any ListEntrySource { ["1", "2"].map { ListEntry.row(ListRow(id: $0, cells: ["p\($0)"])) } }
        var loading = false
        var status: SourceStatus { SourceStatus(isLoading: loading, lastUpdated: nil, items: [], placeholder: nil) }
        let searchTerm: String? = nil
        var onEvent: (SourceEvent) -> Void = { _ in }
        var isOffline = false
        var starts = 0, refreshes = 0

        init(_ name: String = "crm") { id = SourceID(rawValue: name) }

        func start() { starts += 1 }
        func refresh() {
            refreshes += 1
            loading = true
            onEvent(.changed)
        }
        func detail(for rowID: String) -> [DetailBlock] { [] }
        func setSearch(_ term: String?) {}

        /// The refresh ends; unreachable, with the banner a sync says then.
        func end(reached: Bool) {
            loading = false
            isOffline = !reached
            if !reached { onEvent(.banner("CRM is offline — showing the people saved 1 min ago", isError: true)) }
            onEvent(.changed)
        }
    }

    /// Timers that wait until the test is over: the test fires them itself.
    nonisolated static func never(_ seconds: TimeInterval) async throws {
        try await Task.sleep(for: .seconds(3600))
    }

    private func screen(watching: TimeInterval? = 60, clock: @escaping () -> Date) -> (ScreenController, RefreshedSource) {
        let source = RefreshedSource()
        let controller = ScreenController(
            sources: [source], size: Size(width: 140, height: 20), busy: BusyTracker(), now: clock,
            watching: watching.map { [source.id: $0] } ?? [:], watchSleep: Self.never)
        controller.start()
        return (controller, source)
    }

    private func status(_ controller: ScreenController) -> String {
        controller.render(theme: .monochrome, glyphs: .unicode).lines.dropLast().last ?? ""
    }

    @Test("The schedule: an interval, four out of focus, two then four after failures, and from the last refresh's end")
    func schedule() {
        let start = Date(timeIntervalSince1970: 1_000_000)
        var schedule = WatchSchedule(interval: 60, last: start)
        #expect(schedule.due(focused: true) == start.addingTimeInterval(60))
        #expect(schedule.due(focused: false) == start.addingTimeInterval(240))
        schedule.ended(at: start.addingTimeInterval(70), reached: false)
        #expect(schedule.delay(focused: true) == 120 && schedule.due(focused: true) == start.addingTimeInterval(190))
        schedule.ended(at: start.addingTimeInterval(200), reached: false)
        #expect(schedule.delay(focused: true) == 240)
        schedule.ended(at: start.addingTimeInterval(500), reached: false)
        #expect(schedule.delay(focused: true) == 240 && schedule.delay(focused: false) == 240, "never more than four intervals apart")
        schedule.ended(at: start.addingTimeInterval(800), reached: true)
        #expect(schedule.delay(focused: true) == 60 && schedule.failures == 0)
    }

    @Test("A due refresh refreshes; one that can't reach the server says so in the status line, not a banner, and one that does clears it")
    func offlineQuietly() {
        var now = Date(timeIntervalSince1970: 1_000_000)
        let (controller, source) = screen(clock: { now })
        #expect(status(controller).contains("watching 1m"), "\(status(controller))")
        now += 60
        controller.watchFired(source.id)
        #expect(source.refreshes == 1 && source.loading)
        source.end(reached: false)
        let drawn = controller.render(theme: .monochrome, glyphs: .unicode).text
        #expect(!drawn.contains("╭") && controller.banner == nil, "the list isn't covered")
        #expect(status(controller).contains("CRM is offline — showing the people saved 1 min ago · retry in 2m"), "\(status(controller))")
        now += 120
        controller.watchFired(source.id)
        #expect(status(controller).contains("· retrying"), "\(status(controller))")
        source.end(reached: true)
        #expect(!status(controller).contains("offline") && status(controller).contains("watching 1m"), "\(status(controller))")
        #expect(controller.watch.schedules[source.id]?.last == now, "the next is counted from this refresh's end")
    }

    @Test("The user's r counts too; a due refresh while one runs waits for its end; r's own failure is a banner")
    func refreshes() {
        var now = Date(timeIntervalSince1970: 1_000_000)
        let (controller, source) = screen(clock: { now })
        now += 30
        controller.perform(.refresh)
        #expect(source.refreshes == 1 && controller.watch.schedules[source.id]?.refreshing == true)
        controller.watchFired(source.id)
        #expect(source.refreshes == 1, "one refresh at a time")
        source.end(reached: false)
        #expect(controller.banner != nil, "the user asked: the failure is said as r says it")
        #expect(controller.watch.schedules[source.id]?.last == now && controller.watch.schedules[source.id]?.failures == 1)
    }

    @Test("Out of focus the interval stretches to four; w stops and starts watching, a tab without an interval at 2m")
    func focusAndKey() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        let (controller, source) = screen(clock: { now })
        controller.handle(.focus(false))
        #expect(status(controller).contains("watching 4m"), "\(status(controller))")
        controller.handle(.focus(true))
        #expect(status(controller).contains("watching 1m"))
        controller.handle(.key(.character("w")))
        #expect(controller.watch.schedules.isEmpty && controller.watch.timers.isEmpty)
        #expect(status(controller).contains("stopped watching crm"), "\(status(controller))")
        let (unwatched, _) = screen(watching: nil, clock: { now })
        var focusReporting: [Bool] = []
        unwatched.onFocusReporting = { focusReporting.append($0) }
        unwatched.handle(.key(.character("w")))
        #expect(status(unwatched).contains("watching crm: refreshed every 2m"), "\(status(unwatched))")
        #expect(unwatched.watch.schedules[source.id]?.interval == 120 && unwatched.watch.timers[source.id] != nil)
        #expect(focusReporting == [true], "the terminal reports focus once a tab is watched")
        #expect(RoloKeys.actions(in: roloKeyTable).contains { $0.name == "toggle-watch" })
    }

    @Test("A watched tab not yet shown is started by its first refresh, and refreshed by the next")
    func startsUnshown() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        let shown = RefreshedSource(), hidden = RefreshedSource("leads")
        let controller = ScreenController(
            sources: [shown, hidden], size: Size(width: 140, height: 20), busy: BusyTracker(), now: { now },
            watching: [hidden.id: 60], watchSleep: Self.never)
        controller.start()
        #expect(shown.starts == 1 && hidden.starts == 0)
        controller.watchFired(hidden.id)
        #expect(hidden.starts == 1 && hidden.refreshes == 0)
        controller.watchFired(hidden.id)
        #expect(hidden.starts == 1 && hidden.refreshes == 1)
        hidden.end(reached: false)
        #expect(controller.banner == nil, "a hidden tab's failure covers nothing")
        controller.perform(.source(1))
        #expect(status(controller).contains("CRM is offline"), "\(status(controller))")
    }
}
