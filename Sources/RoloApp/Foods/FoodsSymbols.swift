import RoloCore

/// The symbols the foods source draws: Unicode (flags, hearts) where the terminal shows them,
/// else country codes and ASCII. Flags apart from the rest: a terminal can show ♥ and still draw
/// a regional-indicator pair as two boxes (XTerm, the Linux console).
struct FoodsSymbols {
    let unicode: Bool
    /// Whether a country is drawn as its flag (where `unicode`), else as its code.
    var flags: Bool

    init(unicode: Bool, flags: Bool? = nil) {
        self.unicode = unicode
        self.flags = flags ?? unicode
    }

    /// The like column's one-cell symbol.
    func like(_ liked: Bool) -> String {
        unicode ? (liked ? "♥" : "♡") : (liked ? "*" : ".")
    }

    /// The country as the list shows it: a flag for an assigned code, else the code as sent.
    func country(_ code: String?) -> String {
        guard let code else { return "" }
        if unicode, flags, let flag = Country.flag(for: code) { return flag }
        return code
    }
}
