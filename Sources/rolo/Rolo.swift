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
        (`rolo dump --help`). `rolo act SOURCE ACTION --id ID` runs one of a configured source's \
        actions on a record, for scripts (`rolo act --help`). `rolo login SOURCE` signs in to a \
        source with [sources.auth], `rolo logout SOURCE` signs out, and `rolo auth` shows each \
        source's sign-in. `rolo --profile NAME …` (or ROLO_PROFILE) picks the config file's \
        [profiles.NAME]: its vars for every ${VAR}, read_only, a badge, sign-ins of its own.

        Keys: ↑↓ (or j k) move, PgUp PgDn, Home End; Enter opens the detail, Esc goes back; \
        r refreshes, / searches, y copies the email (Y: choose a value), i toggles thumbnails, \
        ? lists every key, q quits. `rolo keys` lists the keys in effect; a [keys] table in the \
        config file remaps them (`rolo help keys`).

        Every option can also be set in the environment (ROLO_PEOPLE_URL, ROLO_TIMEOUT, ...) \
        or in $XDG_CONFIG_HOME/rolo/config.toml (people-url = "http://..."); an option wins \
        over the environment, the environment over the file.
        """,
        version: RoloVersion.current,
        subcommands: [Browse.self, Dump.self, Sync.self, Changes.self, Add.self, Act.self, Login.self, Logout.self, Auth.self, DemoServer.self, Keys.self],
        defaultSubcommand: Browse.self
    )

    /// Runs what the command line asks for: the browser at once when there is nothing to parse
    /// (see ``BrowseRequest/unparsed(_:)``), else the parsed command.
    static func main() async {
        StartupTrace.mark("main")
        selectProfile()
        do {
            if let request = BrowseRequest.unparsed(arguments) {
                try await request.run()
            } else {
                var command = parsed()
                if var asynchronous = command as? any AsyncParsableCommand {
                    try await asynchronous.run()
                } else {
                    try command.run()
                }
            }
        } catch {
            exit(withError: error)
        }
    }

    /// The command line after the program's name, without `--profile NAME`.
    static let arguments = Profile.taken(from: Array(CommandLine.arguments.dropFirst())).arguments

    /// `--profile NAME` (before the command) becomes `ROLO_PROFILE`, and the profile's `vars`
    /// are put in rolo's environment before anything reads it, where they win over what was
    /// there: every `${VAR}` of the config sees them. A profile that isn't in the config file
    /// is said when the settings are read.
    private static func selectProfile() {
        if let name = Profile.taken(from: Array(CommandLine.arguments.dropFirst())).name { setenv(Profile.environmentName, name, 1) }
        let environment = ProcessInfo.processInfo.environment
        guard let selected = Profile.selected(in: environment),
              let profile = Profile.peek(selected, inConfig: Profile.configPath(arguments: arguments, environment: environment))
        else { return }
        for (variable, value) in profile.vars { setenv(variable, value, 1) }
    }

    /// The command the command line asks for. A mistake ends rolo here: on a `rolo dump` or
    /// `rolo act` command line one line on standard error and exit status 2, as scripts expect;
    /// elsewhere with the usage too.
    private static func parsed() -> any ParsableCommand {
        do {
            let arguments = SourceArguments.current
            if let problem = arguments.problem { throw ValidationError(problem) }
            return try parseAsRoot(arguments.rest)
        } catch {
            let code = exitCode(for: error)
            if let command = arguments.first, ["dump", "act", "add", "sync", "login", "logout", "auth"].contains(command), code != .success {
                let message = message(for: error).trimmingCharacters(in: CharacterSet(charactersIn: ". \n"))
                FileHandle.standardError.write(Data("rolo \(command): \(message) — see rolo \(command) --help\n".utf8))
                exit(withError: ExitCode(2))
            }
            exit(withError: error)
        }
    }
}
