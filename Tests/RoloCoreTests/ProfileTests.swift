import Foundation
import Testing
import RoloTestSupport
@testable import RoloCore

/// `[profiles.NAME]`, picked with `--profile` or `ROLO_PROFILE`.
@Suite struct ProfileTests {
    static let config = """
        [profiles.prod]
        vars = { CRM = "https://crm.example.com" }
        read_only = true
        badge = "PROD"

        [profiles.dev]
        vars = { CRM = "http://127.0.0.1:5000" }
        """

    @Test func theNamedProfileGivesItsVariablesReadOnlyAndBadge() throws {
        let settings = try Settings.loaded(fromConfig: Self.config, environment: ["ROLO_PROFILE": "prod"])
        #expect(settings.profile == Profile(name: "prod", vars: ["CRM": "https://crm.example.com"], readOnly: true, badge: "PROD"))
        #expect(settings.readOnly == "profile prod's read_only")
        let dev = try Settings.loaded(fromConfig: Self.config, environment: ["ROLO_PROFILE": "dev"])
        #expect(dev.profile?.vars == ["CRM": "http://127.0.0.1:5000"] && dev.readOnly == nil && dev.profile?.badge == nil)
        #expect(try Settings.loaded(fromConfig: Self.config).profile == nil, "no profile without --profile")
    }

    @Test func anUnknownProfileOrKeyIsSaid() throws {
        #expect(throws: ConfigError.self) { try Settings.loaded(fromConfig: Self.config, environment: ["ROLO_PROFILE": "prdo"]) }
        do {
            _ = try Settings.loaded(fromConfig: Self.config, environment: ["ROLO_PROFILE": "prdo"])
        } catch let error as ConfigError {
            #expect(error.message.contains("no profile 'prdo' (--profile or ROLO_PROFILE): "))
            #expect(error.message.hasSuffix("'s profiles are dev, prod (did you mean 'prod'?)"), "\(error.message)")
        }
        do {
            _ = try Settings.loaded(fromConfig: "[profiles.prod]\nreadonly = true\n")
            Issue.record("a misspelt key is an error")
        } catch let error as ConfigError {
            #expect(error.message.contains("unknown key 'readonly' in [profiles.prod] (did you mean 'read_only'?) — a profile has vars, read_only and badge"), "\(error.message)")
        }
        #expect(throws: ConfigError.self) { try Settings.loaded(fromConfig: "[profiles.prod]\nvars = \"CRM\"\n") }
        #expect(throws: ConfigError.self) { try Settings.loaded(fromConfig: "[profiles.prod]\nbadge = 3\n") }
    }

    @Test func profileIsTakenFromBeforeTheCommandOnly() {
        #expect(Profile.taken(from: ["--profile", "prod", "dump", "crm"]) == (["dump", "crm"], "prod"))
        #expect(Profile.taken(from: ["--profile=dev", "crm", "--demo"]) == (["crm", "--demo"], "dev"))
        let after = Profile.taken(from: ["dump", "crm", "--profile", "prod"])
        #expect(after.arguments == ["dump", "crm", "--profile", "prod"] && after.name == nil, "after the command it is the command's, which refuses it")
        #expect(Profile.configPath(arguments: ["--config", "/etc/rolo.toml", "dump"], environment: ["HOME": "/home/ada"]) == "/etc/rolo.toml")
        #expect(Profile.configPath(arguments: ["dump"], environment: ["HOME": "/home/ada"]) == "/home/ada/.config/rolo/config.toml")
    }

    @Test func peekingReadsOnlyTheProfile() throws {
        let directory = try TemporaryDirectory("profiles")
        let path = directory.path + "/config.toml"
        // The rest of the file needn't be valid yet: its ${CRM} is what the profile fills in.
        try (Self.config + "\n[[sources]]\nname = \"crm\"\nurl = \"${CRM}/api\"\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(Profile.peek("prod", inConfig: path)?.vars == ["CRM": "https://crm.example.com"])
        #expect(Profile.peek("nope", inConfig: path) == nil)
        #expect(Profile.peek("prod", inConfig: directory.path + "/missing.toml") == nil)
    }
}
