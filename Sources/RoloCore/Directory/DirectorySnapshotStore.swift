import Foundation

/// Keeps the last complete directory list in a JSON file, so the next launch shows it at once
/// while the network request runs.
///
/// Writes are atomic (see `AtomicFile`); a file that is corrupt, cut short, from another
/// format version or unreadable is reported as ``DirectorySnapshotLoad/unusable(_:)`` and never
/// stops the app.
public struct DirectorySnapshotStore: Sendable {
    /// Why the list couldn't be saved.
    public struct SaveError: Error, Sendable, CustomStringConvertible {
        /// What failed, with the system's reason.
        public let description: String
    }

    /// The format version written: 2 keeps each city's people apart. Version 1 (the merged
    /// list only) is still read; any other is not.
    static let version = 2

    /// A file larger than this is not a saved directory list: 200,000 people take about 30 MB.
    static let maxBytes = 96 << 20

    /// The file, e.g. `$XDG_CACHE_HOME/rolo/directory.json`.
    public let path: String

    /// A store at `path`; nothing is touched until ``save(_:at:)`` or ``load()``.
    public init(path: String) {
        self.path = path
    }

    /// What format 2 is; ``DirectorySnapshotWriter`` writes it.
    struct File: Decodable {
        var version: Int
        var savedAt: Date
        var cities: [DirectorySnapshot.City]
    }

    /// What format 1 wrote: the merged list alone.
    struct FileV1: Decodable {
        var savedAt: Date
        var employees: [DirectoryEmployee]
    }

    /// Saves every city's answer as the last complete list, stamped `date`; written as it is
    /// made, so saving 200,000 people holds no copy of them in memory.
    public func save(_ cities: [DirectorySnapshot.City], at date: Date = Date()) throws {
        do {
            try AtomicFile.replace(path) { write in
                try DirectorySnapshotWriter.write(version: Self.version, savedAt: date, cities: cities, to: write)
            }
        } catch let error as AtomicFile.WriteError {
            throw SaveError(description: "The directory list wasn't saved: \(error.description)")
        } catch {
            throw SaveError(description: "The directory list wasn't saved: \(error)")
        }
    }

    /// Reads the saved list.
    public func load() -> DirectorySnapshotLoad {
        guard FileManager.default.fileExists(atPath: path) else { return .missing }
        let data: Data
        do {
            let size = (try FileManager.default.attributesOfItem(atPath: path))[.size] as? Int ?? 0
            guard size <= Self.maxBytes else {
                return .unusable("\(path) is \(size) bytes, too large for a saved directory list")
            }
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            return .unusable("\(path) can't be read: \(error.localizedDescription)")
        }
        guard !data.isEmpty else { return .unusable("\(path) is empty") }
        if let snapshot = Self.readInRuns(data) { return .loaded(snapshot) }
        let decoder = Self.decoder()
        guard let version = try? decoder.decode(Version.self, from: data) else {
            return .unusable("\(path) isn't a saved directory list (corrupt or cut short)")
        }
        do {
            switch version.version {
            case 1:
                let file = try decoder.decode(FileV1.self, from: data)
                return .loaded(DirectorySnapshot(employees: file.employees, savedAt: file.savedAt))
            case Self.version:
                let file = try decoder.decode(File.self, from: data)
                return .loaded(DirectorySnapshot(cities: file.cities, savedAt: file.savedAt))
            default:
                return .unusable("\(path) is format version \(version.version); this rolo reads 1 and \(Self.version)")
            }
        } catch {
            return .unusable("\(path) can't be read back: \(DecodingProblem.from(error).reason)")
        }
    }

    /// The decoder of a saved file: dates as seconds since 1970.
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }

    /// Just the version, read first so an old or new format gets its own clear reason.
    struct Version: Decodable {
        var version: Int
    }
}
