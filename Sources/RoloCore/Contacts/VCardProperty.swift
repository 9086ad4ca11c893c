/// One property of a vCard as written (`item1.TEL;TYPE=cell:+372 5555 5555`), its value already
/// decoded (quoted-printable, charset, backslash escapes) and cleaned for the terminal.
public struct VCardProperty: Sendable, Equatable {
    /// The group before the dot (`item1`), lower-cased; nil when there is none.
    public var group: String?
    /// The property name, upper-cased (`TEL`, `X-ABLABEL`).
    public var name: String
    /// The parameters, names upper-cased; a vCard 2.1 bare parameter (`TEL;CELL:`) is listed
    /// under `TYPE`, a bare `QUOTED-PRINTABLE` or `BASE64` under `ENCODING`.
    public var parameters: [String: [String]]
    /// The value as text, line breaks kept, safe to draw.
    public var value: String
    /// The value after quoted-printable and charset decoding, backslash escapes still in place,
    /// so structured values (`N`, `ADR`) can be split on their unescaped `;`.
    let rawValue: String

    /// Creates a property from its decoded parts.
    init(group: String?, name: String, parameters: [String: [String]], rawValue: String) {
        // Names, groups and parameters are drawn too (as the card overlay's labels), and a hostile
        // or damaged file can put escape sequences in them as easily as in a value.
        self.group = group?.sanitizedForTerminal
        self.name = name.sanitizedForTerminal
        self.parameters = Dictionary(parameters.map { ($0.key.sanitizedForTerminal, $0.value.map(\.sanitizedForTerminal)) },
                                     uniquingKeysWith: +)
        self.rawValue = rawValue
        value = VCardText.unescape(rawValue).sanitizedMultiline
    }

    /// The values of parameter `name` (any case).
    public func parameter(_ name: String) -> [String] {
        parameters[name.uppercased()] ?? []
    }

    /// The `TYPE` values, lower-cased (`cell`, `home`, `voice`).
    public var types: [String] {
        parameter("TYPE").map { $0.lowercased() }
    }
}
