import Foundation
import RoloCore

extension Settings {
    /// The settings rolo reads from a config file holding `toml`, in a home of its own (`HOME`,
    /// over `environment`) removed once it is read. Errors name the file `config.toml`.
    public static func loaded(fromConfig toml: String, environment: [String: String] = [:],
                              sources: SourceCatalog = SourceRegistry.catalog()) throws -> Settings {
        let home = try TemporaryDirectory("rolo-config")
        let file = try home.write("config.toml", toml)
        return try withExtendedLifetime(home) {
            try SettingsLoader.load(options: [:], environment: environment.merging(["HOME": home.path]) { $1 },
                                    configFile: file, sources: sources)
        }
    }
}
