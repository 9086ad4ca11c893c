import RoloCore

/// The symbols the foods source draws: Unicode (flags, hearts) where the terminal shows them,
/// else country codes and ASCII.
struct FoodsSymbols {
    let unicode: Bool

    /// The like column's one-cell symbol.
    func like(_ liked: Bool) -> String {
        unicode ? (liked ? "♥" : "♡") : (liked ? "*" : ".")
    }

    /// The country as the list shows it: a flag for an assigned code, else the code as sent.
    func country(_ code: String?) -> String {
        guard let code else { return "" }
        if unicode, let flag = Country.flag(for: code) { return flag }
        return code
    }
}
