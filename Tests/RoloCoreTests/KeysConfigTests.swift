import Foundation
import RoloCore
import Testing

@Suite("The config file's [keys] table and the clipboard setting")
struct KeysConfigTests {
    private let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
    }

    private func load(_ file: String, options: [Setting: [String]] = [:], environment: [String: String] = [:]) throws -> Settings {
        try home.write("config.toml", file)
        return try SettingsLoader.load(options: options, environment: ["HOME": home.path].merging(environment) { $1 },
                                       configFile: home.path + "/config.toml")
    }

    private func error(_ file: String) -> String? {
        #expect(throws: ConfigError.self) { try load(file) }?.message
    }

    @Test("Each entry keeps its action, its keys and its line, in file order")
    func entries() throws {
        let settings = try load("""
            timeout = 10

            [keys]
            # F5 as well, as in a browser
            refresh = ["r", "F5"]
            "quit" = "x"
            """)
        let place = home.path + "/config.toml, line "
        #expect(settings.keyRemaps == [
            KeyRemap(action: "refresh", keys: ["r", "F5"], place: place + "5", line: 5),
            KeyRemap(action: "quit", keys: ["x"], place: place + "6", line: 6),
        ])
        #expect(settings.timeout == 10)
    }

    @Test("A dotted key outside the table counts too")
    func dotted() throws {
        let settings = try load("timeout = 3\nkeys.refresh = \"F5\"\n")
        #expect(settings.keyRemaps.map(\.line) == [2])
    }

    @Test("A key that is neither text nor a list of text names its line")
    func wrongType() {
        #expect(error("[keys]\nrefresh = \"r\"\nquit = 5\n")?.hasSuffix("config.toml, line 3: 'quit' should be a key in quotes or a list of them, like [\"r\", \"F5\"], not a whole number") == true)
        #expect(error("[keys]\n\nlike = [\"l\", 2]\n")?.contains("line 3: 'like' should be a key in quotes") == true)
    }

    @Test("An empty list names its line")
    func empty() {
        #expect(error("[keys]\nrefresh = []\n")?.hasSuffix("line 2: 'refresh' needs at least one key, like [\"r\", \"F5\"]") == true)
    }

    @Test("A setting written under [keys] is pointed back above the table")
    func settingUnderKeys() {
        #expect(error("[keys]\nrefresh = \"F5\"\ntimeout = 3\n")?.hasSuffix("line 3: 'timeout' is a setting, not an action — settings go above the [keys] table") == true)
    }

    @Test("keys that isn't a table names its line")
    func notATable() {
        #expect(error("timeout = 3\nkeys = \"F5\"\n")?.contains("line 2: 'keys' should be a table") == true)
    }

    @Test("clipboard = false, --no-clipboard and ROLO_CLIPBOARD=0 turn copying off; on by default")
    func clipboard() throws {
        #expect(try load("").clipboard)
        #expect(try !load("clipboard = false\n").clipboard)
        #expect(try !load("", options: [.clipboard: ["false"]]).clipboard)
        #expect(try !load("", environment: ["ROLO_CLIPBOARD": "0"]).clipboard)
        #expect(try load("clipboard = false\n", environment: ["ROLO_CLIPBOARD": "on"]).clipboard)
        #expect(error("clipboard = \"maybe\"\n")?.contains("line 1: 'clipboard' should be true or false") == true)
        #expect(Setting.clipboard.optionName == "--no-clipboard")
    }
}
