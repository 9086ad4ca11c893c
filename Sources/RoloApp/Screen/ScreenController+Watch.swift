import Foundation
import RoloCore
import TerminalUI

/// Watched tabs: each refreshes itself every interval while rolo runs (`watch = "2m"`, the
/// config file's `[watch]`, or `w` on the tab), counted from its last refresh. While the
/// terminal says it has lost the focus the interval stretches to four; focus back refreshes at
/// once what is due. A refresh that can't reach the server keeps the list, says so in the
/// status line (not a banner over the screen) and is retried two, then four intervals later;
/// one that reaches it clears the line. Between refreshes nothing runs: each tab's timer is one
/// sleeping task.
struct WatchState {
    /// The intervals the settings give, by tab.
    var configured: [SourceID: TimeInterval] = [:]
    /// The tabs being watched now.
    var schedules: [SourceID: WatchSchedule] = [:]
    /// Each watched tab's sleeping timer.
    var timers: [SourceID: Task<Void, Never>] = [:]
    /// Why the last refresh of a watched tab failed, shown in its status line until one succeeds.
    var problems: [SourceID: String] = [:]
    /// Whether the terminal has the focus, as it last reported (true until it says otherwise).
    var focused = true
    /// The tabs started (shown, or refreshed by watching): a watched tab not yet started is
    /// started by its first refresh.
    var started: Set<SourceID> = []
}

extension ScreenController {
    /// Begins watching the tabs the settings name.
    func startWatching() {
        for (id, interval) in watch.configured where sources.contains(where: { $0.id == id }) {
            watch.schedules[id] = WatchSchedule(interval: interval, last: now())
            arm(id)
        }
        if !watch.schedules.isEmpty { onFocusReporting(true) }
    }

    /// `w`: watching of the tab on screen on or off.
    func toggleWatch() {
        let id = source.id
        if watch.schedules.removeValue(forKey: id) != nil {
            watch.timers.removeValue(forKey: id)?.cancel()
            watch.problems[id] = nil
            say("stopped watching \(id.rawValue)")
            return
        }
        let interval = watch.configured[id] ?? WatchInterval.byKey
        watch.schedules[id] = WatchSchedule(interval: interval, last: now())
        arm(id)
        onFocusReporting(true)
        say("watching \(id.rawValue): refreshed every \(WatchInterval.text(interval))")
    }

    /// The terminal gained or lost the focus: the timers count the new interval, and what is
    /// due on focus back refreshes now.
    func focusChanged(_ focused: Bool) {
        guard focused != watch.focused else { return }
        watch.focused = focused
        for id in watch.schedules.keys { arm(id) }
    }

    /// A tab was shown, which starts it.
    func watchedTabStarted(_ id: SourceID) {
        watch.started.insert(id)
    }

    /// The user's `r` on tab `id`: a watched tab counts its next refresh from this one's end.
    func refreshAsked(_ id: SourceID) {
        guard watch.schedules[id] != nil else { return }
        watch.timers.removeValue(forKey: id)?.cancel()
        watch.schedules[id]?.refreshing = true
        watch.schedules[id]?.byWatch = false
    }

    /// Sleeps until tab `id`'s next refresh, then refreshes it.
    private func arm(_ id: SourceID) {
        watch.timers.removeValue(forKey: id)?.cancel()
        guard let schedule = watch.schedules[id], !schedule.refreshing else { return }
        let delay = max(0, schedule.due(focused: watch.focused).timeIntervalSince(now()))
        let sleep = watchSleep
        watch.timers[id] = Task { [weak self] in
            guard (try? await sleep(delay)) != nil else { return }
            self?.watchFired(id)
        }
    }

    /// Tab `id`'s refresh is due: it refreshes, unless one is running already, whose end counts.
    func watchFired(_ id: SourceID) {
        watch.timers[id] = nil
        guard watch.schedules[id] != nil, let tab = sources.first(where: { $0.id == id }) else { return }
        watch.schedules[id]?.refreshing = true
        if tab.status.isLoading { return }
        watch.schedules[id]?.byWatch = true
        if watch.started.insert(id).inserted {
            tab.start()
        } else {
            tab.refresh()
        }
        // A source with nothing to fetch (not configured) ends at once.
        if !tab.status.isLoading { watchedTabSettled(id) }
    }

    /// Tab `id` changed: a refresh it was in may have ended, which counts the next.
    func watchedTabSettled(_ id: SourceID) {
        guard let schedule = watch.schedules[id], schedule.refreshing,
              let tab = sources.first(where: { $0.id == id }), !tab.status.isLoading else { return }
        // A banner the refresh said (``keepsWatchBanner``) is the most specific reason.
        var why: String?
        if case .failed(let text)? = tab.status.placeholder {
            why = text
        } else if (tab as? any ReportsOffline)?.isOffline == true {
            why = "the server can't be reached"
        }
        watch.problems[id] = why.map { watch.problems[id] ?? $0 }
        watch.schedules[id]?.ended(at: now(), reached: why == nil)
        arm(id)
    }

    /// Whether a banner from tab `id` is a watched refresh's failure, kept for the status line
    /// instead of covering the screen.
    func keepsWatchBanner(_ message: String, isError: Bool, from id: SourceID) -> Bool {
        guard isError, watch.schedules[id]?.byWatch == true else { return false }
        watch.problems[id] = message
        return true
    }

    /// The status line's word on the tab on screen's watching: its interval; after a failure,
    /// when it retries and why.
    var watchStatusItems: [String] {
        guard let schedule = watch.schedules[source.id] else { return [] }
        if let problem = watch.problems[source.id] {
            let retry = schedule.refreshing ? "retrying" : "retry in \(WatchInterval.text(schedule.delay(focused: watch.focused)))"
            return ["\(problem) · \(retry)"]
        }
        return ["watching \(WatchInterval.text(schedule.delay(focused: watch.focused)))"]
    }
}
