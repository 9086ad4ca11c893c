import Foundation
import TOMLKit

/// The actions rolo ships for Pipedrive, and the account seen as a configured source that runs
/// them (`rolo act pipedrive note`).
///
/// They are written in the config file's own syntax and read by its own reader, so a shipped
/// action is checked exactly as a user's is and looks like the `[[actions]]` a user would
/// write; the user's `[[actions]] source = "pipedrive"` come first, and one of theirs with the
/// same name takes the shipped one's place (on its key, it is a clash).
public enum PipedriveDefinition {
    /// Where messages point for the shipped definition.
    static let place = "rolo's built-in Pipedrive actions"

    /// The account as a `[[sources]]` table over the persons of API `api` (`data` envelope), the
    /// token in `x-api-token` from `${PIPEDRIVE_API_TOKEN}` (which ``acting(_:environment:)``
    /// fills in), and the shipped actions. It pages 500 persons a page: v1 by offset (`start`,
    /// while `more_items_in_collection`), v2 by `cursor` (with the open deals count, which v2
    /// leaves out unless asked). Its search is what the persons' always was: the name, every
    /// email, and the organisation's name, v1's own or v2's looked up. An action's `url` is
    /// resolved against `{company}/v1/persons`: `notes` is `{company}/v1/notes`. Its lookups are
    /// the organisations' and owners' names (``PipedriveLookups``).
    static func definition(companyURL: String, api: PipedriveAPIVersion = .v1) -> String {
        let url = companyURL.hasSuffix("/") ? String(companyURL.dropLast()) : companyURL
        let quoted = url.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return """
            [[sources]]
            name = "pipedrive"
            title = "Pipedrive"
            url = "\(quoted)\(api == .v2 ? "/api/v2/persons?include_fields=open_deals_count" : "/v1/persons")"
            headers = { x-api-token = "${PIPEDRIVE_API_TOKEN}" }
            records = "data"
            error = "error"
            label = "{name}"
            search = ["name", "emails.*.value", "email.*.value", "org_id.name", "org_name", "org.name"]
            offline = false

            \(paging(api))

            \(PipedriveLookups.toml(company: quoted))

            [[sources.actions]]
            name = "note"
            key = "N"
            title = "Add a note"
            method = "POST"
            url = "\(api == .v2 ? quoted + "/v1/notes" : "notes")"
            body = { person_id = "{id}", content = "{input.content}" }
            inputs = [ { name = "content", title = "Note", kind = "text" } ]
            """
    }

    /// The persons list's `[sources.paging]` for `api`.
    private static func paging(_ api: PipedriveAPIVersion) -> String {
        switch api {
        case .v1:
            """
            [sources.paging]
            style = "offset"
            param = "start"
            size_param = "limit"
            size = 500
            more = "additional_data.pagination.more_items_in_collection"
            total = "additional_data.pagination.total_count"
            """
        case .v2:
            """
            [sources.paging]
            style = "cursor"
            param = "cursor"
            next = "additional_data.next_cursor"
            total = "additional_data.total_count"
            size_param = "limit"
            size = 500
            """
        }
    }

    /// Pipedrive as a configured source whose actions are the user's `[[actions]]` for it
    /// (`configured`) and the shipped ones they leave, with the environment its token header is
    /// expanded from. Throws when the company URL or the token isn't set, saying what to set.
    public static func acting(_ settings: Settings, configured: [RecordAction],
                              environment: [String: String]) throws(ConfigError) -> (source: RecordSource, environment: [String: String]) {
        if let missing = PipedriveSource.unconfigured(settings) { throw ConfigError(missing) }
        guard let url = settings.pipedriveURL, let token = settings.pipedriveToken else { throw ConfigError("Pipedrive isn't configured") }
        var source = try source(companyURL: url.absoluteString)
        source.actions = try configured.followed(byShipped: source.actions, owner: PipedriveSource.id.rawValue)
        source.place = place
        return (source, environment.merging(["PIPEDRIVE_API_TOKEN": token]) { $1 })
    }

    /// The account as the configured source ``definition(companyURL:api:)`` declares, read by
    /// the config file's reader.
    public static func source(companyURL: String, api: PipedriveAPIVersion = .v1) throws(ConfigError) -> RecordSource {
        do {
            let text = definition(companyURL: companyURL, api: api)
            let read = try TOMLTable.reading(text) { try ConfiguredSourcesReader(path: place, lines: KeyLines(text: text), builtIn: []).read($0) }
            guard let first = read.sources.first else { throw ConfigError("\(place): no source") }
            return first
        } catch let error as ConfigError {
            throw error
        } catch {
            throw ConfigError("\(place): \(error)")
        }
    }

    /// The shipped actions alone, for the config's built-in actions (``SourceDefinition/shippedActions``):
    /// they don't depend on the account, so any company URL reads them.
    static let shipped: [RecordAction] = (try? source(companyURL: "https://company.pipedrive.com"))?.actions ?? []

    /// The address of a person's page in Pipedrive's web app: `{company}/person/{id}`.
    public static func personPage(companyURL: URL, id: String) -> String {
        let base = companyURL.absoluteString.hasSuffix("/") ? String(companyURL.absoluteString.dropLast()) : companyURL.absoluteString
        let encoded = id.addingPercentEncoding(withAllowedCharacters: RecordTemplate.unreserved) ?? id
        return "\(base)/person/\(encoded)"
    }
}
