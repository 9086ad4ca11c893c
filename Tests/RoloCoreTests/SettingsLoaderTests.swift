import Foundation
import RoloCore
import Testing

@Suite("SettingsLoader: one vocabulary for options, environment and config file")
struct SettingsLoaderTests {
    private let home: TemporaryDirectory
    private let environment: [String: String]

    init() throws {
        home = try TemporaryDirectory()
        environment = ["HOME": home.path]
    }

    private var configPath: String { home.path + "/.config/rolo/config.toml" }

    private func load(
        options: [Setting: [String]] = [:], environment extra: [String: String] = [:], file: String? = nil,
        mode: Int = 0o600
    ) throws -> Settings {
        if let file {
            try home.write(".config/rolo/config.toml", file, mode: mode)
        } else {
            try? FileManager.default.removeItem(atPath: configPath)
        }
        return try SettingsLoader.load(options: options, environment: environment.merging(extra) { $1 })
    }

    private func loadError(
        options: [Setting: [String]] = [:], environment extra: [String: String] = [:], file: String? = nil,
        mode: Int = 0o600
    ) -> String? {
        #expect(throws: ConfigError.self) {
            try load(options: options, environment: extra, file: file, mode: mode)
        }?.message
    }

    @Test("With nothing configured every setting has its default, under HOME")
    func defaults() throws {
        let settings = try load()
        #expect(settings.peopleURL.absoluteString == "http://127.0.0.1:5000")
        #expect(settings.directoryURLs.map(\.absoluteString) == [
            "https://tallinn-jobapp.aw.ee/employee_list", "https://tartu-jobapp.aw.ee/employee_list",
        ])
        #expect(settings.foodsURL == nil)
        #expect(settings.randomuserURL.absoluteString == "https://randomuser.me/api/")
        #expect(settings.randomuserSeed == nil)
        #expect(settings.pipedriveURL == nil)
        #expect(settings.pipedriveAPI == .v2)
        #expect(settings.pipedriveToken == nil)
        #expect(settings.gravatarURL.absoluteString == "https://gravatar.com/avatar/")
        #expect(settings.contactsPath == home.path + "/.local/share/contacts")
        #expect(settings.dataDir == home.path + "/.local/share/rolo")
        #expect(settings.cacheDir == home.path + "/.cache/rolo")
        #expect(settings.stateDir == home.path + "/.local/state/rolo")
        #expect(settings.timeout == 30)
        #expect(settings.images == .auto)
        #expect(settings.noColor == false)
        #expect(settings.configFile == nil)
        // The defaults, with the actions rolo ships for its sources (Pipedrive's note, foods' like) read in.
        var expected = Settings.defaults(environment: environment)
        for source in SourceRegistry.catalog().sources {
            try expected.configuredSources.addShipped(source.shippedActions, to: source.name)
        }
        #expect(settings.configuredSources.actions(of: "pipedrive").map(\.name) == ["note"])
        #expect(settings == expected)
    }

    @Test("Absolute XDG variables are used; relative ones are ignored, as the spec says")
    func xdg() throws {
        let settings = try load(environment: [
            "XDG_DATA_HOME": "/data", "XDG_CACHE_HOME": "relative/cache", "XDG_STATE_HOME": "/state",
        ])
        #expect(settings.dataDir == "/data/rolo")
        #expect(settings.contactsPath == "/data/contacts")
        #expect(settings.cacheDir == home.path + "/.cache/rolo")
        #expect(settings.stateDir == "/state/rolo")
    }

    @Test("The config file is found under XDG_CONFIG_HOME")
    func configHome() throws {
        let config = try TemporaryDirectory()
        let file = try config.write("rolo/config.toml", "timeout = 5\n")
        let settings = try load(environment: ["XDG_CONFIG_HOME": config.path])
        #expect(settings.timeout == 5)
        #expect(settings.configFile == file)
    }

    @Test("An option wins over the environment, the environment over the file, the file over the default")
    func precedence() throws {
        let file = "people-url = \"http://file:1\"\n"
        let env = ["ROLO_PEOPLE_URL": "http://env:2"]
        let option: [Setting: [String]] = [.peopleURL: ["http://option:3"]]
        #expect(try load(options: option, environment: env, file: file).peopleURL.absoluteString == "http://option:3")
        #expect(try load(environment: env, file: file).peopleURL.absoluteString == "http://env:2")
        #expect(try load(file: file).peopleURL.absoluteString == "http://file:1")
        #expect(try load(file: "").peopleURL.absoluteString == "http://127.0.0.1:5000")
    }

    @Test("Every setting reads its file key, its variable and its option")
    func everySetting() throws {
        let file = """
            people-url = "http://people:1"
            directory-url = ["https://a/list", "https://b/list"]
            foods-url = "https://foods/api/v1/u1"
            randomuser-url = "https://ru/api/"
            randomuser-seed = 42
            pipedrive-url = "https://acme.pipedrive.com"
            pipedrive-api = "v1"
            pipedrive-api-token = "file-token"
            gravatar-url = "https://grav/avatar/"
            contacts = "~/cards.vcf"
            data-dir = "/d"
            cache-dir = "/c"
            timeout = 2.5
            images = "256"
            flags = "off"
            no-color = true
            clipboard = false
            read-only = true
            """
        let settings = try load(file: file)
        #expect(settings.peopleURL.absoluteString == "http://people:1")
        #expect(settings.directoryURLs.map(\.absoluteString) == ["https://a/list", "https://b/list"])
        #expect(settings.foodsURL?.absoluteString == "https://foods/api/v1/u1")
        #expect(settings.randomuserURL.absoluteString == "https://ru/api/")
        #expect(settings.randomuserSeed == "42")
        #expect(settings.pipedriveURL?.absoluteString == "https://acme.pipedrive.com")
        #expect(settings.pipedriveAPI == .v1)
        #expect(settings.pipedriveToken == "file-token")
        #expect(settings.gravatarURL.absoluteString == "https://grav/avatar/")
        #expect(settings.contactsPath == home.path + "/cards.vcf")
        #expect(settings.dataDir == "/d")
        #expect(settings.cacheDir == "/c")
        #expect(settings.timeout == 2.5)
        #expect(settings.images == .palette256)
        #expect(settings.flags == .off)
        #expect(settings.noColor)
        #expect(!settings.clipboard)
        #expect(settings.readOnly == configPath + ", line 18, read-only")
        #expect(settings.configFile == configPath)

        let fromEnvironment = try load(environment: Dictionary(uniqueKeysWithValues: SourceRegistry.catalog().settings.map {
            ($0.environmentName, $0 == .directoryURL ? "https://x/1, https://y/2" : value(for: $0))
        }))
        let fromOptions = try load(options: Dictionary(uniqueKeysWithValues: SourceRegistry.catalog().settings.filter { $0 != .pipedriveToken }.map {
            ($0, $0 == .directoryURL ? ["https://x/1", "https://y/2"] : [value(for: $0)])
        }))
        for settings in [fromEnvironment, fromOptions] {
            #expect(settings.peopleURL.absoluteString == "http://people-url")
            #expect(settings.directoryURLs.map(\.absoluteString) == ["https://x/1", "https://y/2"])
            #expect(settings.randomuserSeed == "randomuser-seed")
            #expect(settings.pipedriveAPI == .v1)
            #expect(settings.dataDir == "/data-dir")
            #expect(settings.timeout == 7)
            #expect(settings.images == .off)
            #expect(settings.flags == .on)
            #expect(settings.noColor)
            #expect(!settings.clipboard)
            #expect(settings.readOnly != nil)
        }
        #expect(fromEnvironment.pipedriveToken == "pipedrive-api-token")
    }

    private func value(for setting: Setting) -> String {
        switch setting {
        case .timeout: "7"
        case .images: "off"
        case .flags: "on"
        case .pipedriveAPI: "v1"
        case .noColor: "1"
        case .clipboard: "false"
        case .readOnly: "1"
        case .dataDir, .cacheDir, .contacts: "/" + setting.rawValue
        case _ where setting.rawValue.hasSuffix("-url"): "http://" + setting.rawValue
        default: setting.rawValue
        }
    }

    @Test("Variable names follow ROLO_*, except the conventional ones")
    func environmentNames() {
        #expect(Setting.peopleURL.environmentName == "ROLO_PEOPLE_URL")
        #expect(Setting.directoryURL.environmentName == "ROLO_DIRECTORY_URLS")
        #expect(Setting.randomuserSeed.environmentName == "ROLO_RANDOMUSER_SEED")
        #expect(Setting.pipedriveToken.environmentName == "PIPEDRIVE_API_TOKEN")
        #expect(Setting.timeout.environmentName == "ROLO_TIMEOUT")
        #expect(Setting.images.environmentName == "ROLO_IMAGES")
        #expect(Setting.noColor.environmentName == "NO_COLOR")
        #expect(Setting.dataDir.optionName == "--data-dir")
    }

    @Test("NO_COLOR counts when set to anything but the empty string")
    func noColor() throws {
        #expect(try load(environment: ["NO_COLOR": ""]).noColor == false)
        #expect(try load(environment: ["NO_COLOR": "0"]).noColor == true)
        #expect(try load(options: [.noColor: []]).noColor == true)
        #expect(try load(environment: ["NO_COLOR": ""], file: "no-color = true").noColor == true)
        #expect(try load(options: [.noColor: ["false"]], environment: ["NO_COLOR": "1"]).noColor == false)
    }

    @Test("An empty variable counts as unset")
    func emptyVariable() throws {
        #expect(try load(environment: ["ROLO_TIMEOUT": ""], file: "timeout = 3").timeout == 3)
    }

    @Test("The last of repeated single-valued options wins")
    func repeatedOption() throws {
        #expect(try load(options: [.timeout: ["5", "9"]]).timeout == 9)
    }

    @Test("A syntax error names the file and the line")
    func syntaxError() {
        let message = loadError(file: "timeout = 3\npeople-url = \"http://x\ncontacts = 1\n")
        #expect(message?.hasPrefix(configPath + ", line 2: ") == true, "\(message ?? "")")
        #expect(message?.hasSuffix(" — fix the TOML syntax") == true)
    }

    @Test("An unknown key names its line and suggests the nearest key")
    func unknownKey() {
        #expect(loadError(file: "timeout = 3\n\npeple-url = \"http://x\"\n")
            == "\(configPath), line 3: unknown key 'peple-url' (did you mean 'people-url'?)")
        #expect(loadError(file: "foods_url = \"http://x\"")
            == "\(configPath), line 1: unknown key 'foods_url' (did you mean 'foods-url'?)")
        #expect(loadError(file: "[people]\nurl = \"http://x\"\n")
            == "\(configPath), line 1: unknown key 'people' (did you mean 'people-url'?)")
        #expect(loadError(file: "colour-scheme = \"dark\"")?.hasPrefix(
            "\(configPath), line 1: unknown key 'colour-scheme' — the keys are people-url, directory-url,") == true)
    }

    @Test("A value of the wrong type names key, line and the type expected")
    func wrongType() {
        #expect(loadError(file: "\ntimeout = \"ten\"")
            == "\(configPath), line 2: 'timeout' should be a number of seconds, not text")
        #expect(loadError(file: "no-color = 1")
            == "\(configPath), line 1: 'no-color' should be true or false, not a whole number")
        #expect(loadError(file: "directory-url = [\"https://a\", 2]")
            == "\(configPath), line 1: 'directory-url' should be a URL in quotes or a list of them, not a list")
        #expect(loadError(file: "images = true")
            == "\(configPath), line 1: 'images' should be one of \"auto\", \"off\", \"truecolor\", \"256\", \"kitty\", \"iterm\", \"sixel\", not true or false")
    }

    @Test("A URL that isn't http(s) names where it came from")
    func badURL() {
        #expect(loadError(environment: ["ROLO_PEOPLE_URL": "foo"])
            == "ROLO_PEOPLE_URL: 'foo' is not an http(s) URL — use one like http://127.0.0.1:5000")
        #expect(loadError(options: [.foodsURL: ["file:///etc/passwd"]])?.hasPrefix(
            "--foods-url: 'file:///etc/passwd' is not an http(s) URL") == true)
        #expect(loadError(file: "\n\npeople-url = \"http://\"")
            == "\(configPath), line 3, people-url: 'http://' is not an http(s) URL — use one like http://127.0.0.1:5000")
        #expect(loadError(environment: ["ROLO_DIRECTORY_URLS": "https://ok/list,nope"])?.hasPrefix(
            "ROLO_DIRECTORY_URLS: 'nope' is not an http(s) URL") == true)
    }

    @Test("A timeout must be a number above zero", arguments: ["0", "-1", "abc", "inf", "nan"])
    func badTimeout(value: String) {
        #expect(loadError(environment: ["ROLO_TIMEOUT": value])
            == "ROLO_TIMEOUT: '\(value)' should be a number of seconds above 0, like 30")
    }

    @Test("A zero timeout in the file names the line too")
    func zeroTimeoutInFile() {
        #expect(loadError(file: "timeout = 0")
            == "\(configPath), line 1, timeout: '0.0' should be a number of seconds above 0, like 30")
    }

    @Test("images may be written as the number 256 in the file")
    func imagesNumber() throws {
        #expect(try load(file: "images = 256").images == .palette256)
    }

    @Test("Choices list what is allowed")
    func badChoice() {
        #expect(loadError(options: [.images: ["regis"]]) == "--images: 'regis' isn't one of auto, off, truecolor, 256, kitty, iterm, sixel")
        #expect(loadError(options: [.flags: ["maybe"]]) == "--flags: 'maybe' isn't one of auto, on, off")
        #expect((try? load(options: [.images: ["sixel"]]))?.images == .sixel, "the protocols are choices too")
        #expect(loadError(environment: ["ROLO_PIPEDRIVE_API": "v3"]) == "ROLO_PIPEDRIVE_API: 'v3' isn't one of v1, v2")
    }

    @Test("A file holding the token must not be readable by others")
    func tokenPermissions() throws {
        let file = "pipedrive-api-token = \"secret-token\"\n"
        let message = loadError(file: file, mode: 0o644)
        #expect(message == "\(configPath) holds the Pipedrive API token but other users can read it — run chmod 600 \(configPath)")
        #expect(message?.contains("secret-token") == false)
        #expect(loadError(file: file, mode: 0o640) != nil)
        #expect(try load(file: file, mode: 0o600).pipedriveToken == "secret-token")
        #expect(try load(file: "timeout = 3", mode: 0o644).timeout == 3)
    }

    @Test("api_token, Pipedrive's own name for the token, is read from the file under the same permission rule")
    func apiTokenAlias() throws {
        let file = "api_token = \"alias-token\"\n"
        #expect(try load(file: file, mode: 0o600).pipedriveToken == "alias-token")
        let message = loadError(file: file, mode: 0o604)
        #expect(message == "\(configPath) holds the Pipedrive API token but other users can read it — run chmod 600 \(configPath)")
        #expect(message?.contains("alias-token") == false)
        #expect(try load(environment: ["PIPEDRIVE_API_TOKEN": "env-token"], file: file, mode: 0o600).pipedriveToken == "env-token")
    }

    @Test("The token is never taken from an option, which others see in ps")
    func tokenOption() {
        #expect(loadError(options: [.pipedriveToken: ["abc"]])
            == "--pipedrive-api-token isn't accepted on the command line, where other users can see it — set PIPEDRIVE_API_TOKEN or put it in the config file")
    }

    @Test("An explicit config file path is read, with ~ expanded")
    func explicitFile() throws {
        try home.write("my.toml", "timeout = 4")
        let settings = try SettingsLoader.load(options: [:], environment: environment, configFile: "~/my.toml")
        #expect(settings.timeout == 4)
        #expect(settings.configFile == home.path + "/my.toml")
    }

    @Test("A config file that isn't UTF-8 says so")
    func notUTF8() throws {
        let file = home.path + "/latin1.toml"
        try Data([0x61, 0x20, 0x3D, 0x20, 0x22, 0xE9, 0x22]).write(to: URL(fileURLWithPath: file))
        #expect(throws: ConfigError("\(file) isn't UTF-8 text — save it as UTF-8")) {
            try SettingsLoader.load(options: [:], environment: environment, configFile: file)
        }
    }
}
