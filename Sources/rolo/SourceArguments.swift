import Foundation
import RoloCore

/// The sources' own options (`--foods-url`, `--pipedrive-api`, …), taken from the command line
/// before the parser sees it: each source declares its settings in its definition, so the
/// options come from the registry rather than from property wrappers written here for each.
/// `rolo help browse` and `rolo dump --help` list them (``help``).
struct SourceArguments: Sendable {
    /// The arguments left for the parser.
    var rest: [String]
    /// The sources' option values, by setting, in the order given.
    var values: [Setting: [String]]
    /// A mistake in them (an option with no value), said as the parser would.
    var problem: String?

    /// This process's command line, read once, before the config file: only built-in sources
    /// have options.
    static let current = SourceArguments(Rolo.arguments[...], catalog: SourceRegistry.catalog())

    /// Splits `arguments` into the sources' options and the rest; `--` ends the options, as
    /// everywhere. A secret's option is taken too, so that the loader can refuse it by name.
    init(_ arguments: some Collection<String>, catalog: SourceCatalog) {
        let settings = Dictionary(catalog.sourceSettings.map { ($0.optionName, $0) }) { first, _ in first }
        rest = []
        values = [:]
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                rest.append(argument)
                rest += remaining
                break
            }
            let (name, inline) = Self.split(argument)
            guard let setting = settings[name] else {
                rest.append(argument)
                continue
            }
            if let inline {
                values[setting, default: []].append(inline)
            } else if let next = remaining.first, !next.hasPrefix("--") {
                values[setting, default: []].append(next)
                remaining.removeFirst()
            } else {
                problem = problem ?? "Missing value for '\(name) <\(setting.valueName)>'"
            }
        }
    }

    /// `--name=value` as its two halves; anything else as itself and nil.
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The sources' options for a command's help, one source after another, wrapped under
    /// 80 columns as the parser wraps its own.
    static func help(_ catalog: SourceCatalog) -> String {
        catalog.sources.compactMap { source -> String? in
            let options = source.options.filter { $0.help != nil }
            guard !options.isEmpty else { return nil }
            let lines = options.map { setting in
                "  \(setting.optionName) <\(setting.valueName)>\n" + wrap(setting.help ?? "", indent: 8)
            }
            return "\(source.name) (\(source.summary)):\n" + lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    private static func wrap(_ text: String, indent: Int) -> String {
        var lines = [String(repeating: " ", count: indent)]
        for word in text.split(separator: " ") {
            if lines[lines.count - 1].count + word.count + 1 > 78, lines[lines.count - 1].count > indent {
                lines.append(String(repeating: " ", count: indent))
            }
            lines[lines.count - 1] += (lines[lines.count - 1].count > indent ? " " : "") + word
        }
        return lines.joined(separator: "\n")
    }
}
