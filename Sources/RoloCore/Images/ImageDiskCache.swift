import Crypto
import Foundation
import Logging

/// Images fetched from URLs, kept on disk so they are never requested again while cached.
///
/// One file per URL, named by the SHA-256 of the URL (no user text reaches the file system),
/// written atomically (a temporary file, then a rename), so a kill mid-write leaves either the
/// old file or none. The total size is bounded: past it, the least recently used files go first;
/// "used" is the file's modification time, touched on every hit.
///
/// A URL the server said doesn't exist (a 404: no Gravatar for an email, a food without a photo)
/// is remembered too, as a small `.missing` file holding when it was learnt, for
/// ``missingExpiry``: so offline the picture still reads as missing rather than as unreachable,
/// and the server isn't asked again for a day.
public actor ImageDiskCache {
    public let directory: URL
    public let maxBytes: Int
    /// How long a 404 is believed: a person may add a Gravatar, a food may get its photo.
    public let missingExpiry: TimeInterval
    private let now: @Sendable () -> Date
    private let logger = Logger(label: "rolo.image-cache")
    private var knownSize: Int?

    /// A cache in `directory` (created 0700 when first written) holding at most `maxBytes`;
    /// `now` is the clock the expiry of remembered 404s is read by.
    public init(directory: String, maxBytes: Int = 64 << 20, missingExpiry: TimeInterval = 86_400,
                now: @escaping @Sendable () -> Date = Date.init) {
        self.directory = URL(fileURLWithPath: directory, isDirectory: true)
        self.maxBytes = maxBytes
        self.missingExpiry = missingExpiry
        self.now = now
    }

    /// The cached bytes for a URL, marking them as just used; nil on a miss.
    public func data(for url: URL) -> Data? {
        let file = path(for: url)
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        return data
    }

    /// Stores the bytes for a URL, then evicts least recently used files while over the bound.
    public func store(_ data: Data, for url: URL) throws {
        try write(data, to: path(for: url))
        try? FileManager.default.removeItem(at: missingPath(for: url))
        knownSize = nil
        evictIfNeeded()
    }

    /// Remembers that the server has nothing at `url` (it answered 404), from now.
    public func storeMissing(for url: URL) throws {
        try write(Data(String(now().timeIntervalSince1970).utf8), to: missingPath(for: url))
        knownSize = nil
    }

    /// Whether the server said, less than ``missingExpiry`` ago, that it has nothing at `url`.
    /// An expired or unreadable mark is removed, so the next load asks the server again.
    public func isMissing(_ url: URL) -> Bool {
        let file = missingPath(for: url)
        guard let data = FileManager.default.contents(atPath: file.path) else { return false }
        if let seconds = TimeInterval(String(decoding: data, as: UTF8.self)) {
            let age = now().timeIntervalSince(Date(timeIntervalSince1970: seconds))
            // A mark from the future (the clock was set back) is believed no longer than a fresh one.
            if age < missingExpiry, age > -missingExpiry { return true }
        }
        try? FileManager.default.removeItem(at: file)
        return false
    }

    /// Writes atomically: a temporary file, then a rename.
    private func write(_ data: Data, to file: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let temporary = directory.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown)
        }
        if rename(temporary.path, file.path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown)
        }
    }

    /// Forgets one URL's bytes, e.g. when they turned out not to be an image.
    public func remove(for url: URL) {
        try? FileManager.default.removeItem(at: path(for: url))
        knownSize = nil
    }

    /// Empties the cache.
    public func removeAll() {
        for file in files() { try? FileManager.default.removeItem(at: file.url) }
        knownSize = 0
    }

    /// The bytes the cache holds now.
    public func totalBytes() -> Int {
        files().reduce(0) { $0 + $1.size }
    }

    private func path(for url: URL) -> URL {
        let digest = SHA256.hash(data: Data(url.absoluteString.utf8))
        return directory.appendingPathComponent(digest.map { String(format: "%02x", $0) }.joined())
    }

    private func missingPath(for url: URL) -> URL {
        path(for: url).appendingPathExtension("missing")
    }

    private struct CachedFile {
        let url: URL
        let size: Int
        let used: Date
    }

    private func files() -> [CachedFile] {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        let urls = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)) ?? []
        return urls.compactMap { url in
            guard !url.lastPathComponent.hasPrefix("."),
                  let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { return nil }
            return CachedFile(url: url, size: values.fileSize ?? 0, used: values.contentModificationDate ?? .distantPast)
        }
    }

    private func evictIfNeeded() {
        var entries = files()
        var total = entries.reduce(0) { $0 + $1.size }
        guard total > maxBytes else {
            knownSize = total
            return
        }
        entries.sort { $0.used < $1.used }
        for entry in entries where total > maxBytes {
            try? FileManager.default.removeItem(at: entry.url)
            total -= entry.size
            logger.debug("evicted \(entry.url.lastPathComponent) (\(entry.size) bytes)")
        }
        knownSize = total
    }
}
