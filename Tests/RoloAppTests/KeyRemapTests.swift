import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@MainActor
@Suite("The [keys] table: remapped actions, errors by line, footer and help", .temporaryDirectories)
struct KeyRemapTests {
    private typealias S = DirectorySamples

    /// The key table a config file gives, through the same loader and checks as rolo's start.
    private func table(_ file: String) throws -> KeyTable<Action> {
        try RoloKeys.table(applying: Settings.loaded(fromConfig: file).keyRemaps)
    }

    /// The error a config file gives, from "config.toml, line N" on.
    private func error(_ file: String) -> String? {
        let message = #expect(throws: ConfigError.self) { try table(file) }?.message
        return message.flatMap { message in message.range(of: "config.toml").map { String(message[$0.lowerBound...]) } }
    }

    @Test("The sources' own actions are in the key table, after the shared ones they sit beside")
    func capabilityActionsInTheTable() {
        let names = RoloKeys.actions.map(\.name)
        for name in ["like", "set-title", "contact-card", "previous-card", "next-card"] {
            #expect(names.contains(name), "\(name)")
        }
        #expect(RoloKeys.listing(roloKeyTable, described: false).contains("like             l"))
    }

    @Test("A remap replaces the action's keys in every scope it has, and leaves the others")
    func remap() throws {
        let keys = try table("[keys]\nrefresh = [\"r\", \"F5\"]\nmove-down = [\"down\", \"ctrl-n\"]\n")
        #expect(keys.action(for: .function(5), in: [Scopes.list, Scopes.global]) == .refresh)
        #expect(keys.action(for: .character("r"), in: [Scopes.list, Scopes.global]) == .refresh)
        for scope in [Scopes.list, Scopes.detail, Scopes.help, Scopes.copyMenu] {
            #expect(keys.action(for: .control("n"), in: [scope]) == .moveDown)
            #expect(keys.action(for: .character("j"), in: [scope]) == nil, "j no longer moves down in \(scope.name)")
        }
        #expect(keys.action(for: .character("q"), in: [Scopes.global]) == .quit)
    }

    @Test("Every mistake names its line", arguments: [
        ("[keys]\nrefresh = \"F5\"\n\nrefesh = \"r\"\n", "config.toml, line 4: unknown action 'refesh' (did you mean 'refresh'?)"),
        ("[keys]\nfly = \"f\"\n", "config.toml, line 2: unknown action 'fly' — `rolo help keys` lists them: "),
        ("[keys]\nquit = \"x\"\nrefresh = \"F13\"\n", "config.toml, line 3: 'F13' for refresh isn't a key rolo reads: function keys go from f1 to f12"),
        ("[keys]\nrefresh = \"hyper-r\"\n", "config.toml, line 2: 'hyper-r' for refresh isn't a key — keys are "),
        ("[keys]\nquit = \"ctrl-c\"\n", "config.toml, line 2: 'ctrl-c' for quit can't be bound: the terminal turns it into an interrupt"),
        ("[keys]\nrefresh = \"l\"\n", "config.toml, line 2: 'l' for refresh is already like's key — give like another key too, or pick another for refresh"),
        ("[keys]\nlike = \"x\"\nquit = [\"x\", \"q\"]\n", "config.toml, line 3: 'x' for quit is already like's key"),
        ("[keys]\nquit = \"j\"\n", "config.toml, line 2: 'j' for quit is already move-down's key"),
        ("[keys]\nsearch = \"h\"\n", "config.toml, line 2: 'h' for search is already back's key"),
    ])
    func errors(file: String, expected: String) {
        let message = error(file)
        #expect(message?.hasPrefix(expected) == true, "\(message ?? "no error")")
    }

    @Test("A key may do different things where they are never in force together")
    func scopesApart() throws {
        // x quits on the screen and closes the help or the copy menu over it.
        let keys = try table("[keys]\nquit = \"x\"\nclose = [\"esc\", \"x\"]\n")
        #expect(keys.action(for: .character("x"), in: [Scopes.list, Scopes.global]) == .quit)
        #expect(keys.action(for: .character("x"), in: [Scopes.help]) == .closeHelp)
        #expect(keys.action(for: .character("x"), in: [Scopes.copyMenu]) == .closeHelp)
    }

    @Test("A key given twice to one action is bound once")
    func duplicates() throws {
        let keys = try table("[keys]\nrefresh = [\"F5\", \"f5\", \"F5\"]\n")
        #expect(keys.bindings.first { $0.action == .refresh }?.keys == [.function(5)])
    }

    @Test("The footer and the help overlay show the keys in effect")
    func footerAndHelp() async throws {
        let keys = try table("[keys]\nrefresh = \"F5\"\ncopy = \"ctrl-y\"\nquit = [\"x\", \"q\"]\nhelp = \"F1\"\nclose = \"F1\"\n")
        let (model, busy) = makeDirectory(FakeDirectoryService(tallinn: .success(S.tallinnList), tartu: .success(S.tartuList)))
        let controller = ScreenController(sources: [model], size: Size(width: 100, height: 30), busy: busy, keyTable: keys,
                                          now: { Sample.today }, timeZone: Sample.zone)
        controller.start()
        _ = await settle({ busy.isIdle && !model.isLoading }, limit: 100_000)
        let screen = controller.render(theme: .monochrome, glyphs: .unicode)
        let footer = screen.lines[29]
        #expect(screen.lines[28].hasSuffix("F1 help"), "the status line's help hint follows too")
        #expect(footer.contains("F5 refresh"))
        #expect(footer.contains("Ctrl-Y copy"))
        #expect(footer.contains("x quit"))
        #expect(!footer.contains("r refresh"))

        controller.handle(.key(.function(1)))
        #expect(controller.render(theme: .monochrome, glyphs: .unicode).text.contains("F1 closes"))
        let help = controller.helpLines().map(\.text)
        #expect(help.contains { $0.hasPrefix("  F5 ") && $0.hasSuffix("Refresh from the server") })
        #expect(help.contains { $0.hasPrefix("  x q ") && $0.hasSuffix("Quit") })
        #expect(help.contains { $0.hasPrefix("  Ctrl-Y ") && $0.contains("Copy the email") })
        #expect(!help.contains { $0.hasPrefix("  r ") })
        controller.handle(.key(.function(1)))
        #expect(!controller.render(theme: .monochrome, glyphs: .unicode).text.contains("rolo keys"))

        controller.handle(.key(.character("r")))
        #expect(!model.isLoading, "r no longer refreshes")
        controller.handle(.key(.function(5)))
        #expect(model.isLoading, "F5 refreshes")
    }
}
