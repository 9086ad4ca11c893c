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
