import Foundation

/// Writes a saved directory file as JSON, person by person, through a small buffer: the format
/// ``DirectorySnapshotStore`` reads (version 2), keys sorted as `JSONEncoder` would sort them.
///
/// `JSONEncoder` builds a tree of the whole list before it writes a byte: for 200,000 people
/// that tree takes about 150 MB and 5 s of a core, every time a refresh is saved.
struct DirectorySnapshotWriter {
    private var buffer: [UInt8] = []
    private let write: (UnsafeRawBufferPointer) throws -> Void
    private static let flushSize = 1 << 16

    private init(write: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.write = write
        buffer.reserveCapacity(Self.flushSize + 4096)
    }

    /// Writes `cities`, saved at `savedAt`, as a file of format `version`, handing the bytes to
    /// `write` a piece at a time.
    static func write(
        version: Int, savedAt: Date, cities: [DirectorySnapshot.City],
        to write: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        try withoutActuallyEscaping(write) { write in
            var writer = DirectorySnapshotWriter(write: write)
            writer.raw(#"{"cities":["#)
            for (index, city) in cities.enumerated() {
                writer.raw(index == 0 ? #"{"employees":["# : #",{"employees":["#)
                for (index, employee) in city.roster.enumerated() {
                    if index > 0 { writer.raw(",") }
                    writer.employee(employee)
                    if writer.buffer.count >= flushSize { try writer.flush() }
                }
                writer.raw(#"],"url":"#)
                writer.string(city.url.absoluteString)
                writer.raw("}")
            }
            writer.raw(#"],"savedAt":"#)
            let seconds = savedAt.timeIntervalSince1970
            // Swift writes the shortest text that reads back as the same Double; JSON has no inf.
            writer.raw(seconds.isFinite ? "\(seconds)" : "0")
            writer.raw(#","version":\#(version)}"#)
            try writer.flush()
        }
    }

    /// The keys and values `DirectoryEmployee`'s `Codable` conformance reads.
    private mutating func employee(_ employee: DirectoryEmployee) {
        raw(#"{"email":"#)
        string(employee.email)
        raw(#","firstName":"#)
        string(employee.firstName)
        raw(#","lastName":"#)
        string(employee.lastName)
        if let phone = employee.phone {
            raw(#","phone":"#)
            string(phone)
        }
        raw(#","position":"#)
        string(employee.position.rawValue)
        raw(#","projects":["#)
        for (index, project) in employee.projects.enumerated() {
            if index > 0 { raw(",") }
            string(project)
        }
        raw("]}")
    }

    private mutating func raw(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    /// A JSON string: quote, backslash and the controls escaped, everything else as UTF-8.
    private mutating func string(_ text: String) {
        buffer.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                buffer.append(UInt8(ascii: "\\"))
                buffer.append(byte)
            case 0x00..<0x20:
                buffer.append(contentsOf: #"\u00"#.utf8)
                buffer.append(Self.hexDigits[Int(byte >> 4)])
                buffer.append(Self.hexDigits[Int(byte & 0xF)])
            default:
                buffer.append(byte)
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func flush() throws {
        try buffer.withUnsafeBytes(write)
        buffer.removeAll(keepingCapacity: true)
    }
}
