import Foundation

extension String {
    /// Whether the two texts have the same UTF-8 bytes. Unlike `==`, which compares by
    /// canonical equivalence, `é` and `e` + a combining acute differ here: for texts already in
    /// one normal form, or where two spellings of a text may count apart.
    func hasSameUTF8(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        var (text, other) = (self, other)
        return text.withUTF8 { bytes in
            other.withUTF8 { others in bytes.isEmpty || memcmp(bytes.baseAddress!, others.baseAddress!, bytes.count) == 0 }
        }
    }

    /// Feeds the UTF-8 bytes to `hasher`, as ``hasSameUTF8(as:)`` compares them. String's own
    /// hash first checks text that isn't ASCII for being NFC, scalar by scalar: most of a
    /// dictionary's time over 200,000 names.
    func hashUTF8(into hasher: inout Hasher) {
        var text = self
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// A text as a dictionary or set key by its UTF-8 bytes (``Swift/String/hasSameUTF8(as:)``).
struct UTF8Key: Hashable, Sendable {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    static func == (lhs: UTF8Key, rhs: UTF8Key) -> Bool {
        lhs.text.hasSameUTF8(as: rhs.text)
    }

    func hash(into hasher: inout Hasher) {
        text.hashUTF8(into: &hasher)
    }
}
