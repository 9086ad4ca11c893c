import ArgumentParser
import RoloCore

/// `rolo`: the terminal browser, and `rolo demo-server`: the stand-in alone.
@main
struct Rolo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rolo",
        abstract: "A full-screen terminal browser for the people (and foods) behind five REST APIs.",
        discussion: """
        Run `rolo [SOURCE] [OPTIONS]` to browse (`rolo help browse` lists the options), or \
        `rolo --demo` to try it on the built-in stand-in server with no network.

        Keys: ↑↓ (or j k) move, PgUp PgDn, Home End; Enter opens the detail, Esc goes back; \
        r refreshes, / searches, y copies the email (Y: choose a value), i toggles thumbnails, \
        ? lists every key, q quits. `rolo keys` lists the keys in effect; a [keys] table in the \
        config file remaps them (`rolo help keys`).

        Every option can also be set in the environment (ROLO_PEOPLE_URL, ROLO_TIMEOUT, ...) \
        or in $XDG_CONFIG_HOME/rolo/config.toml (people-url = "http://..."); an option wins \
        over the environment, the environment over the file.
        """,
        version: RoloVersion.current,
        subcommands: [Browse.self, DemoServer.self, Keys.self],
        defaultSubcommand: Browse.self
    )
}
