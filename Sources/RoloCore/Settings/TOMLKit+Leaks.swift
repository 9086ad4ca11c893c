import CTOML
import Foundation
import TOMLKit

extension TOMLTable {
    /// The table's keys, in the table's order: what TOMLKit's `keys` gives, without its leak.
    ///
    /// TOMLKit 0.6.0's `keys` (and the iterator built on it) calls CTOML's `tableGetKeys`, which
    /// mallocs an array and `strdup`s every key into it, and never frees either: every config
    /// read lost a little (23,837 bytes in 473 allocations reading Pipedrive's definition once).
    /// This calls the same function and frees what it returns. The table's pointer is internal
    /// to TOMLKit, so it is read by reflection; if TOMLKit ever renames it, this falls back to
    /// `keys` (and LeakSanitizer in `make fuzz` says so) rather than failing.
    var keyNames: [String] {
        guard let pointer else { return keys }
        let count = count
        guard count > 0 else { return [] }
        let array = tableGetKeys(pointer)
        defer {
            for index in 0..<count { free(UnsafeMutableRawPointer(mutating: array[index])) }
            free(UnsafeMutableRawPointer(mutating: array))
        }
        return (0..<count).map { String(cString: array[$0]) }
    }
}

extension TOMLTable {
    /// What `body` reads from the table `text` parses to; the table is deleted after.
    ///
    /// TOMLKit 0.6.0's `TOMLTable` has no `deinit`, and CTOML no function to delete a table: the
    /// C++ table `TOMLTable(string:)` parses (CTOML's `tableCreateFromString`, a
    /// `new toml::table`) was never deleted, nor any value in it. This deletes it as C++'s
    /// `delete` would, through its virtual destructor (`toml::node`'s first virtual function,
    /// so the second slot of its vtable, the deleting destructor, in the Itanium C++ ABI that
    /// Linux's and macOS's compilers follow). `body` must not keep the table or a value of it.
    static func reading<Read>(_ text: String, _ body: (TOMLTable) throws -> Read) throws -> Read {
        let table = try TOMLTable(string: text)
        defer { table.deleteNode() }
        return try body(table)
    }

    /// TOMLKit's internal `tablePointer`, read by reflection; nil should TOMLKit rename it.
    fileprivate var pointer: OpaquePointer? {
        Mirror(reflecting: self).children.first(where: { $0.label == "tablePointer" })?.value as? OpaquePointer
    }

    /// Deletes the C++ table: its deleting destructor, vtable slot 1 (slot 0 destroys without
    /// freeing).
    private func deleteNode() {
        guard let pointer else { return }
        typealias DeletingDestructor = @convention(c) (UnsafeMutableRawPointer) -> Void
        let object = UnsafeMutableRawPointer(pointer)
        let vtable = object.load(as: UnsafeRawPointer.self)
        let delete = vtable.load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.stride, as: DeletingDestructor.self)
        delete(object)
    }
}

/// A TOML value's text, number or flag, without TOMLKit's leaks; declared here, these shadow
/// TOMLKit's own for every reader in RoloCore.
///
/// TOMLKit 0.6.0's `string`, `int`, `double` and `bool` call CTOML's `nodeAsString` (a `strdup`)
/// and `nodeAsInt`, `nodeAsDouble`, `nodeAsBool` (a `malloc` each) and never free what they
/// return: every value a config read reads lost a few bytes. These call the same functions and
/// free it. The value's pointer is internal to TOMLKit, so it is read by reflection; should
/// TOMLKit rename it, every value reads as nil and every config test fails, rather than quietly
/// leaking again.
extension TOMLValueConvertible {
    /// The text of a string value; nil for any other.
    var string: String? {
        guard tomlValue.type == .string else { return nil }
        guard let node = tomlValue.nodePointer else { return nil }
        guard let text = nodeAsString(node) else { return nil }
        defer { free(UnsafeMutableRawPointer(mutating: text)) }
        return String(cString: text)
    }

    /// The number of an integer value; nil for any other.
    var int: Int? {
        guard tomlValue.type == .int else { return nil }
        guard let node = tomlValue.nodePointer else { return nil }
        return Self.taking(nodeAsInt(node)).map { Int($0) }
    }

    /// The number of a floating-point value; nil for any other.
    var double: Double? {
        guard tomlValue.type == .double else { return nil }
        guard let node = tomlValue.nodePointer else { return nil }
        return Self.taking(nodeAsDouble(node))
    }

    /// The flag of a boolean value; nil for any other.
    var bool: Bool? {
        guard tomlValue.type == .bool else { return nil }
        guard let node = tomlValue.nodePointer else { return nil }
        return Self.taking(nodeAsBool(node))
    }

    /// What `pointer`, malloc'd by CTOML, points to; freed.
    private static func taking<Value>(_ pointer: UnsafePointer<Value>?) -> Value? {
        guard let pointer else { return nil }
        defer { free(UnsafeMutableRawPointer(mutating: pointer)) }
        return pointer.pointee
    }
}

extension TOMLValue {
    /// The C++ node this value wraps (TOMLKit's internal `tomlValuePointer`).
    fileprivate var nodePointer: OpaquePointer? {
        Mirror(reflecting: self).children.first(where: { $0.label == "tomlValuePointer" })?.value as? OpaquePointer
    }
}
