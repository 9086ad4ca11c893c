extension String {
    /// The text with every occurrence of `target` replaced by `replacement`, left to right and
    /// without overlaps: Foundation's `replacingOccurrences(of:with:)` with no options, compared
    /// byte for byte as it compares code units.
    ///
    /// Foundation's goes through `NSString`, whose first use costs the launch half a millisecond
    /// before its first frame (the settings' variable names, the log's lines); this one is plain
    /// UTF-8, and text without `target` comes back as it is.
    public func replacingEvery(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var text = self, pattern = target
        return text.withUTF8 { bytes in
            pattern.withUTF8 { needle in
                var result: [UInt8] = []
                var start = 0, index = 0
                while index + needle.count <= bytes.count {
                    if Self.holds(needle, in: bytes, at: index, ==) {
                        if result.isEmpty { result.reserveCapacity(bytes.count) }
                        result.append(contentsOf: bytes[start..<index])
                        result.append(contentsOf: replacement.utf8)
                        index += needle.count
                        start = index
                    } else {
                        index += 1
                    }
                }
                guard start > 0 else { return self }
                result.append(contentsOf: bytes[start...])
                return String(decoding: result, as: UTF8.self)
            }
        }
    }

    /// Whether `target`, which must be ASCII, appears in the text with ASCII letters of either
    /// case: `range(of:options: .caseInsensitive) != nil` for the log's `token=`, without the
    /// bridge through `NSString` on every line.
    public func containsIgnoringASCIICase(_ target: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: target.utf8Start, count: target.utf8CodeUnitCount)
        guard !needle.isEmpty else { return true }
        var text = self
        return text.withUTF8 { bytes in
            bytes.indices.contains { Self.holds(needle, in: bytes, at: $0) { $0.asciiLowercased == $1.asciiLowercased } }
        }
    }

    /// Whether `bytes` hold `needle` from `start`, each pair of bytes compared by `same`.
    private static func holds(
        _ needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, at start: Int,
        _ same: (UInt8, UInt8) -> Bool
    ) -> Bool {
        start + needle.count <= bytes.count && needle.indices.allSatisfy { same(bytes[start + $0], needle[$0]) }
    }
}
