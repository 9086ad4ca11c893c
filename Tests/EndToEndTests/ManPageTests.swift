import Foundation
import RoloApp
import RoloCore
import TerminalUI
import Testing

/// The hand-written man page (`man/rolo.1`) can't drift from what it documents: every option the
/// built command parses, every key of the key table in its scope, every `ROLO_` variable the
/// sources read.
extension EndToEnd {
    @Suite struct ManPage {
        @Test func documentsEveryOptionOfTheCommand() throws {
            let page = try ManPageSource.load()
            let options = page.section("OPTIONS")
            let documented = Set(ManPageSource.flags(in: options))
            // The parser's options and the sources' own, which the registry declares.
            let sourceOptions = SourceRegistry.catalog().sourceSettings.filter { $0.help != nil }.map(\.rawValue)
            let parsed = try CommandOptions.longNames().union(sourceOptions)
            #expect(parsed.count > 20, "the command's options: \(parsed)")
            let missing = parsed.subtracting(documented).sorted()
            #expect(missing.isEmpty, "options the man page's OPTIONS does not describe: \(missing)")
            let stale = documented.subtracting(parsed).subtracting(["help", "version", "generate-completion-script"]).sorted()
            #expect(stale.isEmpty, "the man page describes options the command doesn't have: \(stale)")
        }

        @Test func listsEveryKeyOfTheKeyTableInItsScope() throws {
            let page = try ManPageSource.load()
            let keys = page.section("KEYS")
            for scope in [Scopes.list, Scopes.detail, Scopes.global, Scopes.search, Scopes.help] {
                let listed = ManPageSource.keyLabels(in: ManPageSource.subsection(scope.name, of: keys))
                let bound = roloKeyTable.bindings.filter { $0.scope == scope }.flatMap { $0.keys.map(\.label) }
                #expect(!bound.isEmpty)
                let missing = bound.filter { !listed.contains($0) }
                #expect(missing.isEmpty, "keys of \(scope.name) missing from the man page's KEYS: \(missing)")
            }
        }

        @Test func describesEveryEnvironmentVariable() throws {
            let page = try ManPageSource.load()
            let environment = page.section("ENVIRONMENT")
            let read = Set(SourceRegistry.catalog().settings.map(\.environmentName)).union(try ManPageSource.roloVariablesInSources())
            #expect(read.contains("ROLO_TRACE_STARTUP") && read.contains("PIPEDRIVE_API_TOKEN"))
            let missing = read.filter { !environment.contains("Ev \($0)") && !environment.contains(", \($0)") }.sorted()
            #expect(missing.isEmpty, "variables the man page's ENVIRONMENT doesn't name: \(missing)")
        }
    }
}

/// The man page's mdoc source, cut into sections.
struct ManPageSource {
    let text: String

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func load() throws -> ManPageSource {
        ManPageSource(text: try String(contentsOf: root.appendingPathComponent("man/rolo.1"), encoding: .utf8))
    }

    /// The lines of `.Sh name` up to the next `.Sh`.
    func section(_ name: String) -> String {
        Self.between(text, start: ".Sh \(name)\n", end: "\n.Sh ")
    }

    /// The lines of `.Ss name` up to the next `.Ss`.
    static func subsection(_ name: String, of section: String) -> String {
        between(section, start: ".Ss \(name)\n", end: "\n.Ss ")
    }

    private static func between(_ text: String, start: String, end: String) -> String {
        guard let from = text.range(of: start) else { return "" }
        let rest = text[from.upperBound...]
        return String(rest[..<(rest.range(of: end)?.lowerBound ?? rest.endIndex)])
    }

    /// The long option names after `Fl -` in mdoc: `.It Fl -people-url Ar url` → people-url.
    static func flags(in text: String) -> [String] {
        text.matches(of: /Fl -([a-z0-9-]+)/).map { String($0.1) }
    }

    /// The keys of the `.It Ic a , b` lines, with mdoc's escapes turned back into the labels the
    /// key table uses (`\(ua` is ↑, `\&?` is ?).
    static func keyLabels(in text: String) -> Set<String> {
        let escapes = ["\\(ua": "↑", "\\(da": "↓", "\\(<-": "←", "\\(->": "→", "\\&": ""]
        var labels = Set<String>()
        for line in text.split(separator: "\n") where line.hasPrefix(".It Ic ") {
            var keys = String(line.dropFirst(".It Ic ".count))
            for (escape, label) in escapes { keys = keys.replacingOccurrences(of: escape, with: label) }
            for key in keys.split(separator: ",") {
                labels.insert(key.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "Ic ", with: ""))
            }
        }
        return labels
    }

    /// The targets whose code is in the shipped `rolo` binary (not the benchmarks or the fuzzer).
    static let shippedTargets = ["rolo", "RoloApp", "RoloCore", "TerminalUI", "StandIn"]

    /// Every `"ROLO_…"` string literal in the shipped sources: the variables rolo reads by name.
    static func roloVariablesInSources() throws -> Set<String> {
        var names = Set<String>()
        for target in shippedTargets {
            let files = FileManager.default.enumerator(at: root.appendingPathComponent("Sources/\(target)"), includingPropertiesForKeys: nil)
            while let file = files?.nextObject() as? URL {
                guard file.pathExtension == "swift" else { continue }
                let text = try String(contentsOf: file, encoding: .utf8)
                for match in text.matches(of: /"(ROLO_[A-Z_]+)"/) where !match.1.hasSuffix("_") {
                    names.insert(String(match.1))
                }
            }
        }
        return names
    }
}

/// The options of the built command, from its own description of itself.
enum CommandOptions {
    private struct Dump: Decodable {
        let command: Command
    }

    private struct Command: Decodable {
        let subcommands: [Command]?
        let arguments: [Argument]?
    }

    private struct Argument: Decodable {
        let names: [Name]?
        let shouldDisplay: Bool
    }

    private struct Name: Decodable {
        let kind: String
        let name: String
    }

    /// The long names of every shown option and flag of rolo and its subcommands.
    static func longNames() throws -> Set<String> {
        try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path)")
        let json = try TmuxSession.execute(RoloBinary.path, ["--experimental-dump-help"])
        let dump = try JSONDecoder().decode(Dump.self, from: Data(json.utf8))
        var names = Set<String>()
        var commands = [dump.command]
        while let command = commands.popLast() {
            commands += command.subcommands ?? []
            for argument in command.arguments ?? [] where argument.shouldDisplay {
                names.formUnion((argument.names ?? []).filter { $0.kind == "long" }.map(\.name))
            }
        }
        return names
    }
}
