/// A source's name: its tab, `rolo NAME` and `rolo dump NAME`. Open rather than an enum, because
/// the config file adds sources of its own; the built-in ones are declared by their definitions
/// (``SourceDefinition``) and listed once, in the app's source registry.
public struct SourceID: RawRepresentable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    public static func < (lhs: SourceID, rhs: SourceID) -> Bool { lhs.rawValue < rhs.rawValue }
}
