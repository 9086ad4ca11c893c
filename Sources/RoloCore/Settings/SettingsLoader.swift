import Foundation

/// Resolves ``Settings`` from command-line options, the environment and the config file: an
/// option wins over the environment, the environment over the file, the file over the default.
public enum SettingsLoader {
    /// Loads the settings; throws ``ConfigError`` naming the option, variable or file line at fault.
    ///
    /// - Parameters:
    ///   - options: values given on the command line, by setting; a flag given bare has `[]`.
    ///   - environment: the process environment (``ProcessEnvironment/variables()``).
    ///   - configFile: the config file; nil means `$XDG_CONFIG_HOME/rolo/config.toml`. A missing
    ///     file is fine.
    ///   - sources: the sources whose settings there are: the built-in ones, before the config
    ///     file names its own.
    public static func load(
        options: [Setting: [String]], environment: [String: String], configFile: String? = nil,
        sources: SourceCatalog = SourceRegistry.catalog()
    ) throws -> Settings {
        if let secret = options.keys.first(where: \.isSecret) {
            throw ConfigError(
                "\(secret.optionName) isn't accepted on the command line, where other users "
                    + "can see it — set \(secret.environmentName) or put it in the config file")
        }
        let directories = XDGDirectories(environment: environment)
        let path = configPath(configFile, directories: directories)
        let file = try ConfigFile.read(path, sources: sources)
        var resolver = SettingResolver(directories: directories)
        resolver.settings.configFile = file?.path
        resolver.settings.configPath = path
        resolver.settings.keyRemaps = file?.keyRemaps ?? []
        resolver.settings.watch = file?.watch ?? [:]
        resolver.settings.configuredSources = file?.configuredSources ?? ConfiguredSources()
        for source in sources.sources {
            try resolver.settings.configuredSources.addShipped(source.shippedActions, to: source.name, keys: resolver.settings.keyRemaps)
        }
        for setting in sources.settings {
            let given = fromOption(setting, options) ?? fromEnvironment(setting, environment) ?? file?.values[setting]
            if let given { try resolver.apply(given, to: setting) }
        }
        if let name = Profile.selected(in: environment) {
            guard let profile = file?.profiles[name] else {
                let names = (file?.profiles.keys.sorted() ?? [])
                let have = names.isEmpty ? "\(path) has no [profiles.\(name.sanitizedForTerminal)] table"
                    : "\(path)'s profiles are \(names.joined(separator: ", "))\(name.didYouMean(names) ?? "")"
                throw ConfigError("no profile '\(name.sanitizedForTerminal)' (--profile or \(Profile.environmentName)): \(have)")
            }
            resolver.settings.profile = profile
            if profile.readOnly, resolver.settings.readOnly == nil { resolver.settings.readOnly = "profile \(name)'s read_only" }
        }
        return resolver.settings
    }

    /// The config file rolo reads: `configFile` (`--config`, `~` expanded), else
    /// `$XDG_CONFIG_HOME/rolo/config.toml`.
    static func configPath(_ configFile: String?, directories: XDGDirectories) -> String {
        configFile.map(directories.expandingTilde) ?? directories.configHome + "/rolo/config.toml"
    }

    private static func fromOption(_ setting: Setting, _ options: [Setting: [String]]) -> RawSetting? {
        guard let values = options[setting] else { return nil }
        let value: RawSetting.Value = setting.kind == .flag && values.isEmpty ? .flag(true) : .text(values)
        return RawSetting(value: value, origin: setting.optionName)
    }

    /// An empty variable counts as unset, as no-color.org says of `NO_COLOR`; any other value of
    /// `NO_COLOR` turns colour off, whatever it is.
    private static func fromEnvironment(_ setting: Setting, _ environment: [String: String]) -> RawSetting? {
        let name = setting.environmentName
        guard let text = environment[name], !text.isEmpty else { return nil }
        let value: RawSetting.Value
        switch setting.kind {
        // NO_COLOR counts when set to anything; ROLO_CLIPBOARD=0 must mean off.
        case .flag: value = setting == .noColor ? .flag(true) : .text([text])
        case .urls:
            value = .text(text.split(separator: ",").map(\.trimmingWhitespace).filter { !$0.isEmpty })
        default: value = .text([text])
        }
        return RawSetting(value: value, origin: name)
    }
}
