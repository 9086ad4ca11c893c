import Foundation
import Logging

/// A log handler that keeps every message, at every level, for a test to read.
final class LogLines: LogHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    /// The messages logged so far, oldest first.
    var all: [String] { lock.withLock { messages } }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lock.withLock { messages.append(event.message.description) }
    }
}
