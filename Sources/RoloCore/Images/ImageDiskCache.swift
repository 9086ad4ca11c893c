import Crypto
import Foundation
import Logging

/// Images fetched from URLs, kept on disk so they are never requested again while cached.
///
/// One file per URL, named by the SHA-256 of the URL (no user text reaches the file system),
/// written atomically (a temporary file, then a rename), so a kill mid-write leaves either the
/// old file or none. The total size is bounded: past it, the least recently used files go first;
/// "used" is the file's modification time, touched on every hit.
public actor ImageDiskCache {
    public let directory: URL
    public let maxBytes: Int
    private let logger = Logger(label: "rolo.image-cache")
    private var knownSize: Int?

    /// A cache in `directory` (created 0700 when first written) holding at most `maxBytes`.
    public init(directory: String, maxBytes: Int = 64 << 20) {
        self.directory = URL(fileURLWithPath: directory, isDirectory: true)
        self.maxBytes = maxBytes
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
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let file = path(for: url)
        let temporary = directory.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown)
        }
        if rename(temporary.path, file.path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown)
        }
        knownSize = nil
        evictIfNeeded()
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
