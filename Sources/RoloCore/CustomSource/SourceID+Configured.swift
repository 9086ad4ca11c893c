extension SourceID {
    /// The id of the configured source `name`: its tab and its dump name it so.
    public static func configured(_ name: String) -> SourceID {
        bridged(SourceID(rawValue: name))
    }

    // `init(rawValue:)` is failable while SourceID is the enum of the built-ins and not once
    // it names configured sources too; these two let the call compile either way.
    private static func bridged(_ id: SourceID) -> SourceID { id }
    private static func bridged(_ id: SourceID?) -> SourceID { id ?? .people }
}
