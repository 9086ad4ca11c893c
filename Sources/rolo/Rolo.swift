import ArgumentParser
import Foundation
import RoloCore

/// `rolo`: the terminal browser, and `rolo demo-server`: the stand-in alone.
@main
struct Rolo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rolo",
        abstract: "A full-screen terminal browser for the people (and foods) behind five REST APIs.",
        discussion: """
        Run `rolo [SOURCE] [OPTIONS]` to browse (`rolo help browse` lists the options), or \
        `rolo --demo` to try it on the built-in stand-in server with no network. \
        `rolo dump SOURCE` prints a source's list as JSON, CSV or TSV for scripts \
        (`rolo dump --help`).

        Keys: ↑↓ (or j k) move, PgUp PgDn, Home End; Enter opens the detail, Esc goes back; \
        r refreshes, / searches, y copies the email (Y: choose a value), i toggles thumbnails, \
        ? lists every key, q quits. `rolo keys` lists the keys in effect; a [keys] table in the \
        config file remaps them (`rolo help keys`).

        Every option can also be set in the environment (ROLO_PEOPLE_URL, ROLO_TIMEOUT, ...) \
        or in $XDG_CONFIG_HOME/rolo/config.toml (people-url = "http://..."); an option wins \
        over the environment, the environment over the file.
        """,
        version: RoloVersion.current,
        subcommands: [Browse.self, Dump.self, DemoServer.self, Keys.self],
        defaultSubcommand: Browse.self
    )

    /// Parses and runs; a mistake on a `rolo dump` command line is one line on standard error
    /// and exit status 2, as scripts expect, where the browser shows its usage too.
    static func main() async {
        StartupTrace.mark("main")
        if let request = BrowseRequest.unparsed(Array(CommandLine.arguments.dropFirst())) {
            do {
                try await request.run()
            } catch {
                exit(withError: error)
            }
            return
        }
        let command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            let code = exitCode(for: error)
            if CommandLine.arguments.dropFirst().first == "dump", code != .success {
                let message = message(for: error).trimmingCharacters(in: CharacterSet(charactersIn: ". \n"))
                FileHandle.standardError.write(Data("rolo dump: \(message) — see rolo dump --help\n".utf8))
                exit(withError: ExitCode(2))
            }
            exit(withError: error)
        }
        do {
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                var command = command
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
