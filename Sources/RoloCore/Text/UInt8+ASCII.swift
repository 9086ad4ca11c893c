extension UInt8 {
    /// The byte with an ASCII capital made small; any other byte as it is.
    var asciiLowercased: UInt8 {
        self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z") ? self | 0x20 : self
    }

    /// Whether the byte is whitespace as `Character.isWhitespace` knows it in ASCII: tab to
    /// carriage return, and space.
    var isASCIIBlank: Bool {
        self == 0x20 || (self >= 0x09 && self <= 0x0D)
    }
}
