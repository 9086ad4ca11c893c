import Logging
import RoloCore

/// Tells the user and the log about records a decoder left out: one notice on screen, each
/// record's index and reason in the log.
enum SkippedRecordsReport {
    /// Logs `skipped` (of `source`, e.g. "Tartu") and returns the banner event to show, nil when
    /// nothing was skipped.
    static func report(
        _ skipped: [SkippedRecord], noun: (singular: String, plural: String), source: String? = nil,
        logger: Logger
    ) -> SourceEvent? {
        log(skipped, noun: noun, source: source, logger: logger)
        return notice(skipped, noun: noun)
    }

    /// Writes each skipped record's index and reason to the log.
    static func log(_ skipped: [SkippedRecord], noun: (singular: String, plural: String), source: String? = nil, logger: Logger) {
        let label = source.map { "\($0) \(noun.singular)" } ?? noun.singular
        for line in skipped.logLines(of: label) { logger.warning("\(line)") }
    }

    /// The banner saying how many records were skipped and why, nil when none was.
    static func notice(_ skipped: [SkippedRecord], noun: (singular: String, plural: String)) -> SourceEvent? {
        skipped.notice(singular: noun.singular, plural: noun.plural).map { .banner($0, isError: false) }
    }

    /// The status line's segment while some records of the list shown were skipped.
    static func statusItem(_ count: Int) -> [String] {
        count == 0 ? [] : ["\(count) skipped"]
    }
}
