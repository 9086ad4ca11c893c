import ArgumentParser
import Foundation
import Logging
import RoloCore
import StandIn

/// The options that say where each source's data comes from, shared by the browser and
/// `rolo dump` so both read the same servers, files and stores.
struct SourceOptions: ParsableArguments {
    @Flag(help: "Start the built-in stand-in server on 127.0.0.1 and point every source at it: no network needed.")
    var demo = false

    @Option(name: .customLong("people-url"), help: ArgumentHelp("Base URL of the ME employees server (default http://127.0.0.1:5000).", valueName: "url"))
    var peopleURL: String?

    @Option(name: .customLong("directory-url"), help: ArgumentHelp("An employee_list URL of the work directory; repeat for each city (default: Tallinn and Tartu).", valueName: "url"))
    var directoryURLs: [String] = []

    @Option(name: .customLong("foods-url"), help: ArgumentHelp("Base URL of the OpenFoods API for one user: https://HOST/api/v1/USERID.", valueName: "url"))
    var foodsURL: String?

    @Option(name: .customLong("randomuser-url"), help: ArgumentHelp("The randomuser.me API (default https://randomuser.me/api/).", valueName: "url"))
    var randomuserURL: String?

    @Option(name: .customLong("randomuser-seed"), help: ArgumentHelp("The seed that keeps randomuser's pages stable; a new one replaces the stored persons on the next r.", valueName: "seed"))
    var randomuserSeed: String?

    @Option(name: .customLong("pipedrive-url"), help: ArgumentHelp("Your Pipedrive company URL, https://COMPANY.pipedrive.com; the token comes from PIPEDRIVE_API_TOKEN or api_token in the config file.", valueName: "url"))
    var pipedriveURL: String?

    @Option(name: .customLong("pipedrive-api"), help: ArgumentHelp("The Pipedrive API to page persons with: v2 (cursor, the default) or v1 (offset, for older accounts).", valueName: "v1|v2"))
    var pipedriveAPI: String?

    @Option(name: .customLong("gravatar-url"), help: ArgumentHelp("Where Gravatar avatars come from (default https://gravatar.com/avatar/).", valueName: "url"))
    var gravatarURL: String?

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

    /// The option values the user gave, by setting.
    var optionValues: [Setting: [String]] {
        var values: [Setting: [String]] = [:]
        values[.peopleURL] = peopleURL.map { [$0] }
        values[.foodsURL] = foodsURL.map { [$0] }
        values[.directoryURL] = directoryURLs.isEmpty ? nil : directoryURLs
        values[.contacts] = contacts.map { [$0] }
        values[.randomuserURL] = randomuserURL.map { [$0] }
        values[.randomuserSeed] = randomuserSeed.map { [$0] }
        values[.pipedriveURL] = pipedriveURL.map { [$0] }
        values[.pipedriveAPI] = pipedriveAPI.map { [$0] }
        values[.gravatarURL] = gravatarURL.map { [$0] }
        values[.dataDir] = dataDir.map { [$0] }
        values[.cacheDir] = cacheDir.map { [$0] }
        values[.timeout] = timeout.map { [$0] }
        return values
    }
}
