import Foundation

/// vCard 2.1's `ENCODING=QUOTED-PRINTABLE` (RFC 2045 §6.7) with its `CHARSET=`.
enum QuotedPrintable {
    /// The text `encoded` stands for: `=XX` are bytes in `charset` (UTF-8 when none is given
    /// or it is unknown), everything else is itself. Soft line breaks are already joined by the
    /// unfolding. Bytes that aren't valid in the charset fall back to Windows-1252, which
    /// decodes any byte, so a wrong charset label garbles a letter rather than the card.
    static func decode(_ encoded: String, charset: String?) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.utf8.count)
        var input = encoded.utf8[...]
        while let byte = input.popFirst() {
            if byte == UInt8(ascii: "="), input.count >= 2,
                let high = hexValue(input[input.startIndex]),
                let low = hexValue(input[input.index(after: input.startIndex)])
            {
                bytes.append(high << 4 | low)
                input = input.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return text(Data(bytes), charset: charset)
    }

    /// `data` decoded in `charset`, with the fallbacks described at ``decode(_:charset:)``.
    static func text(_ data: Data, charset: String?) -> String {
        let declared = charset.flatMap(encoding(named:)) ?? .utf8
        for encoding in [declared, .utf8, .windowsCP1252, .isoLatin1] {
            if let text = String(data: data, encoding: encoding) { return text }
        }
        return String(decoding: data, as: UTF8.self)
    }

    private static func encoding(named name: String) -> String.Encoding? {
        switch name.lowercased() {
        case "utf-8", "utf8": .utf8
        case "us-ascii", "ascii": .ascii
        // ISO-8859-15 is read as Latin-1: they differ in eight rare letters, not in the layout.
        case "iso-8859-1", "latin1", "iso-8859-15", "latin-9": .isoLatin1
        case "windows-1252", "cp1252": .windowsCP1252
        default: nil
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
