import Foundation
import Logging

/// Sends every `Logger` in the process to rolo's log file, once.
public enum RoloLogging {
    /// The log file's name inside the state directory.
    public static let fileName = "rolo.log"

    /// Bootstraps swift-log with ``FileLogHandler``s writing to `<stateDir>/rolo.log` and returns
    /// that path. swift-log allows one bootstrap per process, so later calls change nothing and
    /// return the path of the first.
    ///
    /// - Parameter secrets: values (such as the Pipedrive token) to redact from every line.
    @discardableResult
    public static func bootstrap(stateDir: String, level: Logger.Level, secrets: [String] = []) -> String {
        bootstrapped.withLock { path in
            if let path { return path }
            let file = LogFile(path: logFilePath(stateDir: stateDir))
            LoggingSystem.bootstrap { label in
                FileLogHandler(label: label, file: file, level: level, secrets: secrets)
            }
            path = file.path
            return file.path
        }
    }

    /// Where the log file of `stateDir` is.
    public static func logFilePath(stateDir: String) -> String {
        (stateDir as NSString).appendingPathComponent(fileName)
    }

    private static let bootstrapped = LockedValue<String?>(nil)
}
