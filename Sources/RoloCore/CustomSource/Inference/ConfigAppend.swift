import Foundation

/// Adds a table to the end of the config file without risking what is there: the new text is
/// read back as a whole config file first (in a private file beside it), and only then moved
/// into place, in one rename, keeping the file's mode (0600 for a new file).
public enum ConfigAppend {
    /// Appends `table` to the file at `path`, creating it (and its folder) when missing.
    /// Throws ``ConfigError`` when the file with the table isn't a valid config file, or can't
    /// be written; the file is then as it was.
    public static func append(_ table: String, to path: String, environment: [String: String]) throws {
        let files = FileManager.default
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try files.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ConfigError("\(folder) can't be made: \(error.localizedDescription)")
        }
        let old = files.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let separator = old.isEmpty ? "" : old.hasSuffix("\n\n") ? "" : old.hasSuffix("\n") ? "\n" : "\n\n"
        let mode = ((try? files.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber)?.int16Value ?? 0o600
        let temporary = folder + "/.\((path as NSString).lastPathComponent).rolo-add-\(getpid())"
        guard files.createFile(atPath: temporary, contents: Data((old + separator + table).utf8), attributes: [.posixPermissions: mode]) else {
            throw ConfigError("\(temporary) can't be written: is \(folder) writable?")
        }
        do {
            _ = try SettingsLoader.load(options: [:], environment: environment, configFile: temporary)
        } catch let error as ConfigError {
            try? files.removeItem(atPath: temporary)
            throw ConfigError(error.message.replacingOccurrences(of: temporary, with: path))
        } catch {
            try? files.removeItem(atPath: temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? files.removeItem(atPath: temporary)
            throw ConfigError("\(path) can't be replaced: \(reason)")
        }
    }
}
