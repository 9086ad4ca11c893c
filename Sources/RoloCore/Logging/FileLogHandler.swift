import Foundation
import Logging

/// A swift-log handler that appends one line per event to a ``LogFile``:
/// `2026-11-21T10:00:00.123Z info [rolo.people] message key=value`.
///
/// Lines are kept to one line (newlines shown as `\n`), stripped of escape sequences so `cat`ing
/// the log can't drive the terminal, and redacted of the given secrets and token parameters.
public struct FileLogHandler: LogHandler {
    /// The minimum level this handler writes.
    public var logLevel: Logger.Level
    /// Metadata added to every line from this handler.
    public var metadata: Logger.Metadata = [:]
    /// Contextual metadata added to every line.
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let file: LogFile
    private let secrets: [String]

    /// Creates a handler for loggers labelled `label`, writing to `file`.
    public init(
        label: String, file: LogFile, level: Logger.Level = .info, secrets: [String] = [],
        metadataProvider: Logger.MetadataProvider? = nil
    ) {
        self.label = label
        self.file = file
        self.logLevel = level
        self.secrets = secrets
        self.metadataProvider = metadataProvider
    }

    /// The value of one metadata key.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes `event` as one line.
    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let given = event.metadata { merged.merge(given) { $1 } }
        var line = "\(Self.timestamp()) \(event.level.rawValue) [\(label)] \(event.message)"
        if let error = event.error { line += " error=\(error)" }
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
            line += " \(key)=\(value)"
        }
        let oneLine = line.replacingEvery("\r\n", with: "\\n").replacingEvery("\n", with: "\\n")
        file.append(redactingSecrets(oneLine.sanitizedForTerminal, secrets: secrets))
    }

    /// Now in UTC with milliseconds, e.g. `2026-11-21T10:00:00.123Z`, built by hand because
    /// formatters are slow and not all thread-safe.
    static func timestamp(_ now: timespec = Self.now()) -> String {
        var seconds = now.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))"
            + "T\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))"
            + ".\(pad(Int32(now.tv_nsec / 1_000_000), 3))Z"
    }

    private static func now() -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return now
    }
}
