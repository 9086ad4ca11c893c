import CVersion

/// rolo's version, as written in the package's `VERSION` file: `rolo --version`, the
/// User-Agent and the release packages all read it from here.
public enum RoloVersion {
    /// The version string, e.g. `0.1.0`.
    public static let current = String(cString: rolo_version())
}
