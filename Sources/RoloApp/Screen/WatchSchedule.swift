import Foundation

/// When a watched tab refreshes next: an interval after its last refresh ended, four intervals
/// while the terminal has lost the focus, and after failures twice, then four intervals (the
/// most), until a refresh succeeds.
struct WatchSchedule: Equatable {
    /// The interval, in seconds.
    let interval: TimeInterval
    /// When the last refresh ended, or watching began.
    var last: Date
    /// The refreshes in a row that couldn't reach the server.
    var failures = 0
    /// Whether a refresh is running, watching's or the user's: the next is counted from its end.
    var refreshing = false
    /// Whether the running refresh is watching's own, whose failure is said in the status line
    /// rather than a banner.
    var byWatch = false

    /// The most intervals between two refreshes, out of focus or failing.
    static let stretch = 4.0

    /// How long after ``last`` the next refresh is.
    func delay(focused: Bool) -> TimeInterval {
        let backoff = failures == 0 ? 1 : min(Self.stretch, pow(2, Double(failures)))
        return interval * max(focused ? 1 : Self.stretch, backoff)
    }

    /// When the next refresh is.
    func due(focused: Bool) -> Date {
        last.addingTimeInterval(delay(focused: focused))
    }

    /// A refresh ended at `date`, reaching the server or not.
    mutating func ended(at date: Date, reached: Bool) {
        last = date
        failures = reached ? 0 : failures + 1
        refreshing = false
        byWatch = false
    }
}
