/// Where dumped records go: formatted, then handed to `write` (standard output, or a string in
/// tests). Nothing is written before the first call to ``begin(_:)``, so a dump that fails
/// before it has its data leaves standard output empty.
public final class DumpSink {
    private let format: DumpFormat
    private let write: (String) throws -> Void
    private var formatter: DumpFormatter?
    /// How many records were written.
    public private(set) var count = 0
    /// The most records written (`--limit`); nil for all.
    private var limit: Int?

    /// A sink writing `format` through `write`, which may throw to stop the dump (a closed pipe).
    public init(format: DumpFormat, write: @escaping (String) throws -> Void) {
        self.format = format
        self.write = write
    }

    /// Whether `--limit` records were written: the rest are left out, and a source can stop
    /// fetching.
    public var isFull: Bool { limit.map { count >= $0 } ?? false }

    /// Starts the output with the header for `names`; at most `limit` records follow (the
    /// runner's ``DumpRunner/limit``).
    public func begin(_ names: [String], limit: Int? = nil) throws {
        self.limit = limit
        let formatter = DumpFormatter(format: format, names: names)
        self.formatter = formatter
        try write(formatter.header())
    }

    /// Writes one record.
    public func record(_ values: [DumpValue]) throws {
        guard var formatter, !isFull else { return }
        let text = formatter.record(values)
        self.formatter = formatter
        count += 1
        try write(text)
    }

    /// Ends the output.
    public func end() throws {
        guard let formatter else { return }
        try write(formatter.footer())
    }
}
