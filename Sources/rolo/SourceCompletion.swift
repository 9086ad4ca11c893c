import RoloCore

/// The source names a shell completes after `rolo`, `rolo dump` and `rolo act`: the run's
/// catalog, so a configured source is offered as a built-in one is. The shell asks rolo for
/// them as it completes (`rolo ---completion …`), and rolo reads the config file the command
/// line names (`--config`), else the usual one.
enum SourceCompletion {
    /// The catalog's names that start with `prefix`; the built-in ones alone when the config
    /// file can't be read (a completion has nowhere to say why).
    @Sendable
    static func names(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        catalog(configFile: configFile(in: words), environment: ProcessEnvironment.variables()).names.filter { $0.hasPrefix(prefix) }
    }

    /// The catalog of the config file at `configFile` (nil: the usual one).
    static func catalog(configFile: String?, environment: [String: String]) -> SourceCatalog {
        let settings = try? SettingsLoader.load(options: [:], environment: environment, configFile: configFile)
        return SourceRegistry.catalog(settings?.configuredSources ?? ConfiguredSources())
    }

    /// The value of the last `--config FILE` or `--config=FILE` among `words`.
    static func configFile(in words: [String]) -> String? {
        var found: String?
        for (index, word) in words.enumerated() {
            if word == "--config", index + 1 < words.count {
                found = words[index + 1]
            } else if word.hasPrefix("--config=") {
                found = String(word.dropFirst("--config=".count))
            }
        }
        return found
    }
}
