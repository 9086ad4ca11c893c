/// One entry of the config file's `[keys]` table: an action's name and the keys the user gave
/// it, still as text. The app checks both against its key table, naming `place` on a mistake.
public struct KeyRemap: Sendable, Equatable {
    /// The action's name, e.g. "refresh".
    public var action: String
    /// The key names, e.g. ["r", "F5"].
    public var keys: [String]
    /// Where it was written: "/home/u/.config/rolo/config.toml, line 7".
    public var place: String
    /// The line number alone, when known.
    public var line: Int?

    public init(action: String, keys: [String], place: String, line: Int? = nil) {
        self.action = action
        self.keys = keys
        self.place = place
        self.line = line
    }
}
