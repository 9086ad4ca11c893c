extension String {
    /// The text of a NUL-terminated C message buffer, decoding invalid UTF-8 leniently.
    init(cMessage buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
