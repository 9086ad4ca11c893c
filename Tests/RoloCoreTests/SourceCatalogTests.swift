import Foundation
import Testing
@testable import RoloCore

@Suite("The run's catalog: the built-in sources, then the configured ones")
struct SourceCatalogTests {
    private let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
    }

    /// The settings of a config file holding `toml`, read as rolo reads it.
    private func settings(_ toml: String) throws -> Settings {
        let file = try home.write("config.toml", toml)
        return try SettingsLoader.load(options: [:], environment: ["HOME": home.path], configFile: file, sources: SourceRegistry.catalog())
    }

    private let twoSources = """
        [[sources]]
        name = "tickets"
        title = "Open tickets"
        url = "https://api.example.com/tickets"

        [[sources]]
        name = "staff"
        url = "https://api.example.com/staff"
        """

    @Test("Configured sources come after the built-ins, in file order, each saying what it is")
    func order() throws {
        let catalog = SourceRegistry.catalog(try settings(twoSources).configuredSources)
        let builtIn = SourceRegistry.catalog().names
        #expect(builtIn == ["people", "directory", "foods", "randomuser", "pipedrive"])
        #expect(catalog.names == builtIn + ["tickets", "staff"])
        #expect(catalog.builtInIDs.map(\.rawValue) == builtIn)
        #expect(catalog.configured.map(\.name) == ["tickets", "staff"])
        #expect(catalog.sources.map(\.isBuiltIn) == [true, true, true, true, true, false, false])

        let tickets = try #require(catalog.source(named: "tickets"))
        #expect(tickets.tabTitle == "tickets" && tickets.summary == "Open tickets")
        #expect(tickets.configured?.url == "https://api.example.com/tickets")
        #expect(tickets.options.isEmpty && tickets.shippedActions.isEmpty)

        let foods = try #require(catalog.source(named: "foods"))
        #expect(foods.configured == nil && foods.options.contains(.foodsURL))
        #expect(catalog.source(named: "pipedrive")?.shippedActions.isEmpty == false)
        #expect(catalog.source(named: "nosuch") == nil)
        // The command line's options are the built-in sources' alone.
        #expect(catalog.sourceSettings == SourceRegistry.catalog().sourceSettings)
    }

    @Test("The tabs are the catalog's, or those the tabs key names, in its order")
    func tabs() throws {
        let all = try settings(twoSources)
        #expect(SourceRegistry.catalog(all.configuredSources).tabs(all.configuredSources).map(\.name)
                == SourceRegistry.catalog(all.configuredSources).names)
        let chosen = try settings("tabs = [\"staff\", \"foods\"]\n" + twoSources)
        #expect(SourceRegistry.catalog(chosen.configuredSources).tabs(chosen.configuredSources).map(\.name) == ["staff", "foods"])
    }

    @Test("A name no source has is refused naming every source, configured ones too, and the nearest")
    func unknown() throws {
        let catalog = SourceRegistry.catalog(try settings(twoSources).configuredSources)
        #expect(catalog.unknown("ticket")
                == "no source named 'ticket' (did you mean 'tickets'?) — the sources are people, directory, foods, randomuser, pipedrive, tickets, staff")
    }

    @Test("A configured source named as a built-in one is refused, naming its line", arguments: SourceRegistry.catalog().names)
    func clash(_ name: String) throws {
        let file = try home.write("config.toml", "tabs = [\"people\"]\n\n[[sources]]\nname = \"\(name)\"\nurl = \"https://api.example.com/x\"\n")
        let error = #expect(throws: ConfigError.self) {
            try SettingsLoader.load(options: [:], environment: ["HOME": home.path], configFile: file, sources: SourceRegistry.catalog())
        }
        #expect(error?.message == "\(file), line 3: source name '\(name)' is a built-in source's — choose another name")
    }
}
