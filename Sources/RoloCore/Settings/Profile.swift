import Foundation
import TOMLKit

/// A `[profiles.NAME]` table, picked with `rolo --profile NAME` or `ROLO_PROFILE`: variables
/// for every source's `${VAR}`s (winning over the environment), read-only, and a badge in the
/// tab bar. Sign-ins are kept per profile.
///
/// ```toml
/// [profiles.prod]
/// vars = { CRM = "https://crm.example.com" }
/// read_only = true
/// badge = "PROD"
/// ```
public struct Profile: Sendable, Equatable {
    public var name: String
    public var vars: [String: String] = [:]
    public var readOnly = false
    public var badge: String?

    /// The environment variable naming the profile (what `--profile` sets).
    public static let environmentName = "ROLO_PROFILE"
    /// The config file's table of profiles.
    static let table = "profiles"
    private static let keys = ["vars", "read_only", "badge"]

    /// The profile `environment` names, or nil when it names none.
    public static func selected(in environment: [String: String]) -> String? {
        environment[environmentName].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `arguments` (the program's name dropped) without the `--profile NAME` (or
    /// `--profile=NAME`) given before the command, and that name.
    public static func taken(from arguments: [String]) -> (arguments: [String], name: String?) {
        let commands = ConfiguredSourcesReader.commandWords + ["changes"]
        var rest: [String] = []
        var name: String?
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if commands.contains(argument) || argument == "--" {
                rest += arguments[index...]
                break
            }
            if argument == "--profile", index + 1 < arguments.endIndex {
                name = arguments[index + 1]
                index += 2
                continue
            }
            if argument.hasPrefix("--profile=") {
                name = String(argument.dropFirst("--profile=".count))
            } else {
                rest.append(argument)
            }
            index += 1
        }
        return (rest, name)
    }

    /// The config file `arguments` name with `--config`, else the default one.
    public static func configPath(arguments: [String], environment: [String: String]) -> String {
        var given: String?
        for (index, argument) in arguments.enumerated() where given == nil {
            if argument == "--config", index + 1 < arguments.count { given = arguments[index + 1] }
            if argument.hasPrefix("--config=") { given = String(argument.dropFirst("--config=".count)) }
        }
        return SettingsLoader.configPath(given, directories: XDGDirectories(environment: environment))
    }

    /// The profile `name` of the config file at `path`, read before anything else of it so that
    /// its variables are in place when the rest is read; nil when the file has no such table
    /// (``ConfigFile`` then says so) or can't be read.
    public static func peek(_ name: String, inConfig path: String) -> Profile? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
              let profile = try? TOMLTable.reading(text, { table -> Profile? in
                  guard let node = table[Self.table]?.table?[name] else { return nil }
                  return try read(name, node, place: path)
              })
        else { return nil }
        return profile
    }

    /// The `[profiles]` table's entries, each checked; `place` names the table's line.
    static func readAll(_ node: any TOMLValueConvertible, lines: KeyLines, path: String, place: String) throws -> [String: Profile] {
        guard let table = node.table else {
            throw ConfigError("\(place): 'profiles' should be tables — [profiles.prod] with lines like read_only = true")
        }
        var profiles: [String: Profile] = [:]
        for name in table.keyNames {
            let at = lines.line(of: name, inTable: Self.table).map { "\(path), line \($0)" } ?? place
            profiles[name] = try read(name, table[name], place: at)
        }
        return profiles
    }

    private static func read(_ name: String, _ node: (any TOMLValueConvertible)?, place: String) throws -> Profile {
        guard let table = node?.table else {
            throw ConfigError("\(place): profile '\(name.sanitizedForTerminal)' should be a table — [profiles.\(name.sanitizedForTerminal)]")
        }
        var profile = Profile(name: name)
        for key in table.keyNames {
            guard keys.contains(key) else {
                throw ConfigError("\(place): unknown key '\(key.sanitizedForTerminal)' in [profiles.\(name.sanitizedForTerminal)]\(key.didYouMean(keys) ?? "") — a profile has vars, read_only and badge")
            }
        }
        if let vars = table["vars"] {
            guard let entries = vars.table else {
                throw ConfigError("\(place): vars of profile '\(name)' should be a table, like vars = { CRM = \"https://crm.example.com\" }")
            }
            for variable in entries.keyNames {
                guard let value = entries[variable]?.string else {
                    throw ConfigError("\(place): vars.\(variable.sanitizedForTerminal) of profile '\(name)' should be text in quotes")
                }
                profile.vars[variable] = value
            }
        }
        if let readOnly = table["read_only"] {
            guard let flag = readOnly.bool else { throw ConfigError("\(place): read_only of profile '\(name)' should be true or false") }
            profile.readOnly = flag
        }
        if let badge = table["badge"] {
            guard let text = badge.string else { throw ConfigError("\(place): badge of profile '\(name)' should be text in quotes, like \"PROD\"") }
            profile.badge = text.sanitizedForTerminal
        }
        return profile
    }
}
