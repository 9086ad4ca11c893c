import Foundation
import RoloCore
import TerminalUI
import Testing
@testable import RoloApp
@testable import rolo

/// A sixth source, written as a new source is: its definition, its setting, its dump, its
/// screen and a key of its own, then registered with one line (the catalog below). Everything
/// that lists sources must find it without being told.
enum ToySource: SourcePlugin {
    static let id = SourceID(rawValue: "toy")
    static let summary = "a toy box"
    static let settings: [Setting] = [.toyURL]
    static let dumpFields = ["id", "name"]
    static let toys = [("1", "Ball"), ("2", "Kite")]

    static func pointAtStandIn(_ server: URL, _ settings: inout Settings) {
        settings[url: .toyURL] = server.appendingPathComponent("toys")
    }

    static func dump(_ context: DumpContext) async throws {
        try context.sink.begin(dumpFields)
        for (id, name) in toys where context.runner.search.map({ name.localizedCaseInsensitiveContains($0) }) ?? true {
            try context.sink.record([.text(id), .text(name)])
        }
        try context.sink.end()
    }

    @MainActor static func makeModel(_ context: SourceContext) -> any SourceModel { ToyModel() }

    static var keyBindings: [KeyBinding<Action>] {
        [KeyBinding([.character("p")], .capability(.poke), scope: Scopes.global, "Poke the selected toy", hint: "poke")]
    }
}

extension Setting {
    static let toyURL = Setting("toy-url", kind: .url, help: "Where the toys are.", valueName: "url")
}

extension CapabilityAction {
    static let poke = CapabilityAction("poke")
}

/// The toy's screen: two rows, a detail, and the poke.
@MainActor
final class ToyModel: SourceModel, RowActions {
    let id = ToySource.id
    let listTitle = "Toys"
    let noun = (singular: "toy", plural: "toys")
    let columns = [ListColumn("Name", .flexible(min: 10))]
    var entries: any ListEntrySource { ToyRows() }
    let status = SourceStatus(isLoading: false, lastUpdated: nil, items: [], placeholder: nil)
    let searchTerm: String? = nil
    var onEvent: (SourceEvent) -> Void = { _ in }
    var poked: [String] = []

    func start() {}
    func refresh() {}
    func detail(for rowID: String) -> [DetailBlock] { [.title(ToySource.toys.first { $0.0 == rowID }?.1 ?? "")] }
    func setSearch(_ term: String?) {}

    let offeredActions: Set<CapabilityAction> = [.poke]
    func isAvailable(_ action: CapabilityAction) -> Bool { action == .poke }
    func perform(_ action: CapabilityAction, on rowID: String?) { if let rowID { poked.append(rowID) } }
}

struct ToyRows: ListEntrySource {
    var entryCount: Int { ToySource.toys.count }
    var rowCount: Int { entryCount }
    func entry(at index: Int) -> ListEntry { .row(ListRow(id: ToySource.toys[index].0, cells: [ToySource.toys[index].1])) }
    func rowNumber(atEntry index: Int) -> Int? { index }
    func index(ofRowID id: String) -> Int? { ToySource.toys.firstIndex { $0.0 == id } }
}

@Suite("A sixth source registered with one line is found everywhere sources are listed")
struct ToySourceTests {
    /// The one line that registers it.
    let catalog = SourceCatalog(SourceRegistry.catalog().definitions + [ToySource.self])

    @Test("Its setting comes from the command line, the environment and the config file, and the help lists its option")
    func settings() throws {
        let arguments = SourceArguments(["toy", "--toy-url", "http://a/1", "--ascii"], catalog: catalog)
        #expect(arguments.rest == ["toy", "--ascii"])
        #expect(arguments.values[.toyURL] == ["http://a/1"])
        #expect(SourceArguments(["--toy-url=http://b/2"], catalog: catalog).values[.toyURL] == ["http://b/2"])
        #expect(SourceArguments(["--toy-url"], catalog: catalog).problem == "Missing value for '--toy-url <url>'")
        #expect(SourceArguments.help(catalog).contains("toy (a toy box):\n  --toy-url <url>\n        Where the toys are."))
        #expect(!SourceArguments.help(SourceRegistry.catalog()).contains("toy-url"))

        let home = try TemporaryDirectory("rolo-toy")
        let file = home.url.appendingPathComponent("config.toml").path
        try "toy-url = \"http://file/toys\"\n".write(toFile: file, atomically: true, encoding: .utf8)
        let environment = ["HOME": home.path]
        let fromFile = try SettingsLoader.load(options: [:], environment: environment, configFile: file, sources: catalog)
        #expect(fromFile[url: .toyURL]?.absoluteString == "http://file/toys")
        let fromEnvironment = try SettingsLoader.load(options: [:], environment: environment.merging(["ROLO_TOY_URL": "http://env/toys"]) { $1 },
                                                      configFile: file, sources: catalog)
        #expect(fromEnvironment[url: .toyURL]?.absoluteString == "http://env/toys")
        let fromOption = try SettingsLoader.load(options: arguments.values, environment: environment, configFile: file, sources: catalog)
        #expect(fromOption[url: .toyURL]?.absoluteString == "http://a/1")
        // Without the registration the key is unknown, with the registry's suggestion.
        #expect(throws: ConfigError.self) { try SettingsLoader.load(options: [:], environment: environment, configFile: file) }
    }

    @Test("rolo dump finds it, its fields are in the dump's help, and the demo points it at the stand-in")
    func dump() async throws {
        let definition = try #require(catalog.definition(ToySource.id))
        #expect(catalog.dumpFieldsHelp.contains("  toy         id, name"))
        var text = ""
        let sink = DumpSink(format: .csv) { text += $0 }
        let runner = DumpRunner(search: "kite", fields: nil, offline: false, report: DumpReport(notice: { _ in }, progress: { _ in }))
        try await definition.dump(DumpContext(settings: .defaults(environment: [:]), http: CurlHTTPClient(), runner: runner, sink: sink) {
            try RoloDatabase.inMemory()
        })
        #expect(text == "id,name\r\n2,Kite\r\n")
        var settings = Settings.defaults(environment: [:])
        for source in catalog.definitions { source.pointAtStandIn(URL(string: "http://127.0.0.1:9")!, &settings) }
        #expect(settings[url: .toyURL]?.absoluteString == "http://127.0.0.1:9/toys")
    }

    @Test("It is the sixth tab with digit key 6, and its key is in the footer and the help only on its tab")
    @MainActor
    func screen() throws {
        let keys = RoloKeys.defaultTable(for: catalog)
        let busy = BusyTracker()
        let context = SourceContext(
            settings: .defaults(environment: ["HOME": "/nonexistent"]), http: CurlHTTPClient(), busy: busy,
            database: try RoloDatabase.inMemory(), preloaded: nil, addressBook: Task { AddressBookIndex(cards: [], problem: nil) },
            showsPictures: false, unicode: false, showsFlags: false) { nil }
        let sources = catalog.plugins.map { $0.makeModel(context) }
        #expect(sources.map(\.id.rawValue) == ["people", "directory", "foods", "randomuser", "pipedrive", "toy"])
        let controller = ScreenController(sources: sources, size: Size(width: 100, height: 30), busy: busy, keyTable: keys)
        controller.handle(.character("6"))
        #expect(controller.source.id == ToySource.id)
        let tabs = controller.render(theme: .monochrome, glyphs: .unicode).text.split(separator: "\n").first ?? ""
        #expect(tabs.contains("6 toy"))
        let hints = keys.hints(in: controller.activeScopes, where: controller.isAvailable).map(\.hint)
        #expect(hints.contains("poke"))
        #expect(controller.helpLines().map(\.text).contains { $0.contains("Poke the selected toy") })
        controller.handle(.character("p"))
        #expect((controller.source as? ToyModel)?.poked == ["1"])
        controller.handle(.character("1"))
        #expect(!keys.hints(in: controller.activeScopes, where: controller.isAvailable).map(\.hint).contains("poke"))
        #expect(!controller.helpLines().map(\.text).contains { $0.contains("Poke the selected toy") })
        #expect(RoloKeys.listing(keys).contains("poke"))
        #expect(!RoloKeys.listing(roloKeyTable).contains("poke"))
    }
}
