/// `${VAR}` in a configured source's url and header values: filled in from the environment, so
/// a token needn't be written in the config file.
enum EnvironmentExpansion {
    /// Throws when `text` holds a `${` that isn't a variable name closed by `}`.
    static func checkSyntax(_ text: String, in setting: String, place: String) throws {
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            rest = rest[start.upperBound...]
            guard let close = rest.firstIndex(of: "}"), isName(rest[..<close]) else {
                throw ConfigError("\(place): the \(setting) holds a ${ that isn't ${NAME} — write ${TEAM_TOKEN}, a variable's name in braces")
            }
            rest = rest[rest.index(after: close)...]
        }
    }

    /// `text` with every `${VAR}` replaced by `x`: its shape, to check without the environment.
    static func placeholderFilled(_ text: String) -> String {
        (try? expand(text, environment: [:], unset: { _ in "x" }))?.text ?? text
    }

    /// An address's shape for checking it, its `${VAR}`s filled in: one it starts with stands
    /// for the scheme and host (`${CRM}/api`, a profile's `vars` giving `CRM`).
    static func placeholderFilledURL(_ text: String) -> String {
        let filled = placeholderFilled(text)
        return text.hasPrefix("${") ? "https://" + filled : filled
    }

    /// `text` with each `${VAR}` replaced by its value in `environment`, and the values put in,
    /// which are secrets to keep out of logs and messages; `unset` gives the value of a variable
    /// that isn't set, or throws.
    static func expand(
        _ text: String, environment: [String: String], unset: (String) throws -> String
    ) throws -> (text: String, secrets: [String]) {
        var expanded = ""
        var secrets: [String] = []
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            expanded += rest[..<start.lowerBound]
            let after = rest[start.upperBound...]
            guard let close = after.firstIndex(of: "}"), isName(after[..<close]) else {
                expanded += "${"
                rest = after
                continue
            }
            let name = String(after[..<close])
            let value: String
            if let set = environment[name], !set.isEmpty {
                value = set
                secrets.append(set)
            } else {
                value = try unset(name)
            }
            expanded += value
            rest = after[after.index(after: close)...]
        }
        expanded += rest
        return (expanded, secrets)
    }

    /// Whether `text` is a variable name: a letter or `_`, then letters, digits or `_`.
    private static func isName(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }
}
