import Foundation

/// A configured source's URL and headers with their `${VAR}`s filled in from the environment.
public struct RecordEndpoint: Sendable, Equatable {
    /// The list's URL (or first page's), `{page}`/`{offset}` still to fill in.
    public var url: String
    /// The header fields to send.
    public var headers: [String: String]
    /// The request body, `{cursor}`-style values still to fill in (``RecordRequestBody``);
    /// nil for none.
    public var body: JSONValue? = nil
    /// The values taken from the environment: give them to ``RoloLogging/bootstrap(stateDir:level:secrets:)``
    /// and keep them out of every message (``FetchError/redacting(_:)``).
    public var secrets: [String]

    /// The headers a request to `url` carries: all of them when `url` is on the configured URL's
    /// ``Origin`` (its scheme, host and port), none elsewhere, where a next link, a `detail_url`
    /// or a picture may point and the credentials must not follow. Every request of the source
    /// (pages, `Link` and next URLs, details, pictures) takes its headers from here.
    public func headers(for url: URL) -> [String: String] {
        Origin(self.url)?.includes(url) == true ? headers : [:]
    }
}

extension RecordSource {
    /// The URL and headers with `${VAR}`s expanded from `environment`; throws ``ConfigError``
    /// naming the first variable that isn't set (an empty one counts as unset).
    public func endpoint(environment: [String: String]) throws -> RecordEndpoint {
        let unset: (String) throws -> String = { variable in
            throw ConfigError("source '\(name)' needs the environment variable \(variable) (\(place)) — set it before starting rolo")
        }
        let url = try EnvironmentExpansion.expand(self.url, environment: environment, unset: unset)
        var headers: [String: String] = [:]
        var secrets = url.secrets
        for header in self.headers {
            let value = try EnvironmentExpansion.expand(header.value, environment: environment, unset: unset)
            headers[header.name] = value.text
            secrets += value.secrets
        }
        func expanded(_ value: JSONValue) throws -> JSONValue {
            switch value {
            case .string(let text):
                let value = try EnvironmentExpansion.expand(text, environment: environment, unset: unset)
                secrets += value.secrets
                return .string(value.text)
            case .array(let items): return .array(try items.map(expanded))
            case .object(let members): return .object(try members.map { JSONMember($0.key, try expanded($0.value)) })
            default: return value
            }
        }
        let body = try self.body.map(expanded)
        return RecordEndpoint(url: url.text, headers: headers, body: body, secrets: secrets)
    }
}

extension ConfiguredSources {
    /// Every value the sources take from `environment`, unset variables skipped: the secrets to
    /// redact from the log file from its first line.
    public func secrets(environment: [String: String]) -> [String] {
        sources.flatMap { source in
            ([source.url] + source.headers.map(\.value) + RecordRequestBody.strings(source.body) + (source.auth?.texts ?? [])).flatMap { text in
                (try? EnvironmentExpansion.expand(text, environment: environment, unset: { _ in "" }))?.secrets ?? []
            }
        }
    }

    /// The sources whose header values are written out in the file (not `${VAR}`), which may
    /// be credentials: such a file must be private.
    var sourcesWithLiteralHeaders: [RecordSource] {
        sources.filter { $0.headers.contains(where: \.isLiteral) }
    }
}

extension FetchError {
    /// This error with every one of `secrets` replaced by `REDACTED`, in case a server echoed
    /// one back or a URL carried it.
    public func redacting(_ secrets: [String]) -> FetchError {
        var clean = self
        clean.message = redactingSecrets(message, secrets: secrets)
        clean.detail = redactingSecrets(detail, secrets: secrets)
        clean.endpoint = redactingSecrets(endpoint, secrets: secrets)
        clean.apiText = apiText.map { redactingSecrets($0, secrets: secrets) }
        return clean
    }
}
