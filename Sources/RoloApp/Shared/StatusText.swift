import Foundation
import RoloCore

/// How status lines and banners say counts and ages, the same for every source.
enum StatusText {
    /// "2 h ago", "yesterday", "on 12 Mar".
    static func age(of date: Date, now: Date, timeZone: TimeZone) -> String {
        let text = HumanDate.describe(date, now: now, timeZone: timeZone)
        return text.first?.isNumber == true && !text.hasSuffix("ago") ? "on \(text)" : text
    }

    /// 100000 → "100,000".
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }
}

extension StatusText {
    /// What the status line says of a record engine's sync under way, the same for Pipedrive and
    /// every configured source: "`lookups`…" while the lookups' lists are fetched, "loaded 1,000
    /// of 5,000…" while a first listing pages, "refreshing: 1,000 of 5,000…" while a refresh
    /// merges, and "rate limited, next in 7 s" beside either while it waits.
    static func sync(_ progress: RecordSync.Progress, lookups: String) -> [String] {
        var items: [String] = []
        let done = progress.total.map { "\(grouped(progress.done)) of \(grouped($0))" } ?? grouped(progress.done)
        if progress.fetchingLookups {
            items.append("\(lookups)…")
        } else if progress.listed != nil, !progress.finished {
            items.append("refreshing: \(done)…")
        } else if !progress.finished, progress.done > 0 || progress.total != nil {
            items.append("loaded \(done)…")
        }
        if let wait = progress.waiting { items.append("rate limited, next in \(Int(wait.rounded(.up))) s") }
        return items
    }
}
