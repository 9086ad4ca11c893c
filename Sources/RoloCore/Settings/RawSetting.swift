/// A setting's value as one source gave it, before it is checked, and where it came from.
struct RawSetting: Equatable {
    /// The value in the shape the source could give.
    enum Value: Equatable {
        /// One or more strings: an option given several times, a comma-separated variable, a
        /// TOML string or array.
        case text([String])
        /// A TOML number.
        case number(Double)
        /// A TOML boolean, a bare flag, or `NO_COLOR` being set.
        case flag(Bool)
    }

    var value: Value
    /// Where it came from, to start an error message: `--timeout`, `ROLO_TIMEOUT`,
    /// `/home/u/.config/rolo/config.toml, line 3, timeout`.
    var origin: String
}
