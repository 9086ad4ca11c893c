import Foundation

/// Countries by ISO 3166-1 alpha-2 code: the flag emoji and the English short name.
///
/// Only the 249 currently assigned codes count. Foundation's `Locale.Region.isoRegions` on this
/// toolchain also lists CLDR's extras (`EU`, `UN`, `XK`, `AC`, `QO`, …), which would give "XK" a
/// flag some fonts lack and make the set of valid codes depend on the ICU version, so rolo ships
/// its own table (``names``, generated from pycountry's ISO 3166-1 data).
public enum Country {
    /// The flag for `code` as a pair of regional indicator symbols (`"EE"` → 🇪🇪), in any
    /// case; nil for anything that isn't an assigned code (`"XX"`, `"ZZ"`, `"USA"`, `""`).
    public static func flag(for code: String) -> String? {
        guard let key = assignedCode(code) else { return nil }
        var flag = ""
        for scalar in key.unicodeScalars {
            // A...Z map onto U+1F1E6...U+1F1FF, REGIONAL INDICATOR SYMBOL LETTER A...Z.
            guard let indicator = Unicode.Scalar(0x1F1E6 + scalar.value - 0x41) else { return nil }
            flag.unicodeScalars.append(indicator)
        }
        return flag
    }

    /// The English short name for `code` (`"EE"` → "Estonia"), in any case; nil for anything
    /// that isn't an assigned code.
    public static func name(for code: String) -> String? {
        assignedCode(code).flatMap { names[$0] }
    }

    /// Every assigned code, sorted.
    public static var codes: [String] {
        names.keys.sorted()
    }

    /// `code` upper-cased and trimmed when it is an assigned code.
    private static func assignedCode(_ code: String) -> String? {
        let key = code.trimmingWhitespace.uppercased()
        return names[key] == nil ? nil : key
    }
}
