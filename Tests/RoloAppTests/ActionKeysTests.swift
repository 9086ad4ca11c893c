import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@Suite("Actions' keys: a key rolo reads, and not one already in use on the source's tab")
struct ActionKeysTests {
    /// The first mistake of a config file, from "config.toml, line N" on, as rolo's start (and
    /// --check-config) finds it; nil when there is none.
    private func mistake(_ file: String) throws -> String? {
        do {
            let settings = try Settings.loaded(fromConfig: file)
            try RoloKeys.checkActionKeys(settings.configuredSources, table: try RoloKeys.table(applying: settings.keyRemaps),
                                         catalog: SourceRegistry.catalog(settings.configuredSources))
            return nil
        } catch let error as ConfigError {
            return error.message.range(of: "config.toml").map { String(error.message[$0.lowerBound...]) }
        }
    }

    private func source(key: String, extra: String = "") -> String {
        """
        \(extra)
        [[sources]]
        name = "tickets"
        url = "https://api.example.com/tickets"

        [[sources.actions]]
        name = "close"
        key = "\(key)"
        method = "PATCH"
        url = "/tickets/{id}"
        """
    }

    @Test("A free key is fine, foods' l included on a configured tab")
    func freeKeys() throws {
        for key in ["x", "S", "ctrl-x", "f5", "l", "t", "c"] {
            #expect(try mistake(source(key: key)) == nil, "\(key)")
        }
    }

    @Test("A key the tab already uses is an error naming the action's key line")
    func clash() throws {
        #expect(try mistake(source(key: "r")) == "config.toml, line 8: 'r' for action 'close' of tickets is already refresh's key on that tab — pick another key for the action (`rolo keys` lists the keys in use)")
        #expect(try mistake(source(key: "/"))?.hasPrefix("config.toml, line 8: '/' for action 'close' of tickets is already search's key") == true)
        #expect(try mistake(source(key: "enter"))?.contains("is already open's key") == true)
        #expect(try mistake(source(key: "h"))?.contains("is already back's key") == true)
    }

    @Test("The keys in effect count: a [keys] remap frees a key and takes another")
    func remapped() throws {
        #expect(try mistake(source(key: "r", extra: "[keys]\nrefresh = \"F5\"\n")) == nil)
        #expect(try mistake(source(key: "x", extra: "[keys]\nrefresh = \"x\"\n"))?.contains("line 10: 'x' for action 'close' of tickets is already refresh's key") == true)
    }

    @Test("A built-in source's own keys count on its tab alone")
    func builtInTabs() throws {
        let like = "[[actions]]\nsource = \"foods\"\nname = \"star\"\nkey = \"l\"\ncommand = [\"true\"]\n"
        #expect(try mistake(like) == "config.toml, line 4: 'l' for action 'star' of foods is already like's key on that tab — pick another key for the action (`rolo keys` lists the keys in use)")
        #expect(try mistake(like.replacingOccurrences(of: "foods", with: "pipedrive")) == nil)
    }

    @Test("A name that isn't a key says so")
    func notAKey() throws {
        #expect(try mistake(source(key: "ctrl-1"))?.hasPrefix("config.toml, line 8: 'ctrl-1' for action 'close' isn't a key") == true)
    }
}
