import Foundation

/// Adds a table to the end of the config file without risking what is there: the new text is
/// written beside it (``AtomicFile``: flushed, then renamed into place, the file's mode kept,
/// 0600 for a new file), and read back as a whole config file before it takes the old one's
/// place.
public enum ConfigAppend {
    /// Appends `table` to the file at `path`, creating it (and its folder) when missing.
    /// Throws ``ConfigError`` when the file with the table isn't a valid config file, or can't
    /// be written; the file is then as it was.
    public static func append(_ table: String, to path: String, environment: [String: String]) throws {
        let files = FileManager.default
        let old = files.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let separator = old.isEmpty ? "" : old.hasSuffix("\n\n") ? "" : old.hasSuffix("\n") ? "\n" : "\n\n"
        let mode = ((try? files.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber)?.uint32Value ?? 0o600
        do {
            try AtomicFile.replace(path, with: Data((old + separator + table).utf8), mode: mode_t(mode & 0o7777)) { written in
                do {
                    _ = try SettingsLoader.load(options: [:], environment: environment, configFile: written)
                } catch let error as ConfigError {
                    throw ConfigError(error.message.replacingOccurrences(of: written, with: path))
                }
            }
        } catch let error as AtomicFile.WriteError {
            throw ConfigError(error.description)
        }
    }
}
