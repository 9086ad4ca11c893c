import ArgumentParser
import Foundation
import Logging
import RoloCore
import StandIn

/// The options that say where the sources' data comes from, shared by the browser and
/// `rolo dump` so both read the same servers, files and stores; each source's own options
/// come from the registry (``SourceArguments``).
struct SourceOptions: ParsableArguments {
    @Flag(help: "Start the built-in stand-in server on 127.0.0.1 and point every source at it: no network needed.")
    var demo = false

    @Option(help: ArgumentHelp("Your address book: a .vcf file or a directory of them (default $XDG_DATA_HOME/contacts, and ~/.contacts.vcf).", valueName: "path"))
    var contacts: String?

    @Option(name: .customLong("data-dir"), help: ArgumentHelp("Where the last good responses are saved (default $XDG_DATA_HOME/rolo).", valueName: "dir"))
    var dataDir: String?

    @Option(name: .customLong("cache-dir"), help: ArgumentHelp("Where downloaded images are cached (default $XDG_CACHE_HOME/rolo).", valueName: "dir"))
    var cacheDir: String?

    @Option(help: ArgumentHelp("Seconds to wait for a server before giving up (default 30).", valueName: "seconds"))
    var timeout: String?

    @Option(help: ArgumentHelp("Read this config file instead of $XDG_CONFIG_HOME/rolo/config.toml.", valueName: "file"))
    var config: String?

    /// The option values the user gave, by setting: these options', then the sources' own.
    var optionValues: [Setting: [String]] {
        var values = SourceArguments.current.values
        values[.contacts] = contacts.map { [$0] }
        values[.dataDir] = dataDir.map { [$0] }
        values[.cacheDir] = cacheDir.map { [$0] }
        values[.timeout] = timeout.map { [$0] }
        return values
    }
}

extension SourceOptions {
    /// The settings these options, the environment and the config file give, and their
    /// catalog, with rolo's log started for a command that runs without the screen; a config
    /// file that can't be read is said on `report`, and the command exits 2.
    func commandSettings(_ environment: [String: String], report: StandardErrorReport) throws -> (Settings, SourceCatalog) {
        let settings: Settings
        do {
            settings = try SettingsLoader.load(options: optionValues, environment: environment, configFile: config)
        } catch let error as ConfigError {
            report.fail(error.message)
            throw ExitCode(2)
        }
        let catalog = SourceRegistry.catalog(settings.configuredSources)
        Wiring.bootstrap(settings, catalog: catalog, environment: environment)
        return (settings, catalog)
    }
}
