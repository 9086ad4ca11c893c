import ArgumentParser
import Foundation
import RoloApp
import RoloCore
import TerminalUI

/// `rolo keys`: the key table in effect, after the config file's `[keys]` table.
struct Keys: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "List every action and the keys in effect for it (the config file's [keys] table applied).",
        discussion: """
        A [keys] table in the config file binds an action, by the name below, to one key or a \
        list of them; the keys given replace the action's keys everywhere it has them:

            [keys]
            refresh = ["r", "F5"]
            quit = "x"
            next-source = ["tab", "ctrl-n"]

        A source's action ([[sources.actions]], or [[actions]] with source = for a built-in \
        source) is known by its name too: `resolve = "X"` gives every action named resolve that key \
        (a name rolo's own actions have, like close, remaps rolo's). Foods' like and unlike share l, \
        listed as like: `like = "L"` moves both, `unlike = "U"` moves unlike alone. \
        `rolo keys` lists each source's actions after rolo's own, "(writes)" marking those that \
        send anything but a GET.

        Keys are \(Key.nameHelp).
        A key may do one thing at a time: one bound to two actions that work on the same screen, \
        an unknown action or an unknown key is an error naming the line, and rolo does not start \
        until it is fixed (`rolo --check-config` checks without starting). The footer and the ? \
        help show the keys in effect.

        The actions and their default keys (`rolo keys` says what each does):

        \(RoloKeys.listing(roloKeyTable, described: false))
        """
    )

    @Option(help: ArgumentHelp("Read this config file instead of $XDG_CONFIG_HOME/rolo/config.toml.", valueName: "file"))
    var config: String?

    func run() throws {
        do {
            print(Self.listing(try RunConfig.load(options: [:], environment: ProcessInfo.processInfo.environment, configFile: config)))
        } catch let error as ConfigError {
            FileHandle.standardError.write(Data("rolo: \(error.message)\n".utf8))
            throw ExitCode(2)
        }
    }

    /// What `rolo keys` prints for `run`: rolo's keys, then each source's actions.
    static func listing(_ run: RunConfig) -> String {
        [RoloKeys.listing(run.keyTable), RoloKeys.actionListing(run.settings.configuredSources, catalog: run.catalog)]
            .compactMap { $0 }.joined(separator: "\n")
    }
}
