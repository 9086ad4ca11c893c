import Foundation
import RoloCore

/// Pipedrive's `[[actions]]` (`source = "pipedrive"`): the record an action acts on is the
/// person as rolo keeps it (`{id}`, `{name}`, `{emails}`, `{organizationID}` …). Pipedrive's
/// answers come in two API versions the store decodes only through a sync, so a run that worked
/// fetches the list again rather than patch one stored person.
extension PipedriveViewModel: ConfiguredActions, FlashesRows {
    public var flashingRowID: String? { actionState.flashingRowID }

    public func actionRecord(for rowID: String) -> JSONValue? {
        guard let person = selectedPerson?.id == rowID ? selectedPerson : rows?.person(withID: rowID),
              let data = try? JSONEncoder().encode(person)
        else { return nil }
        return try? JSONValue.parse(data)
    }

    public func actionLabel(for rowID: String) -> String {
        let person = selectedPerson?.id == rowID ? selectedPerson : rows?.person(withID: rowID)
        return person.map { $0.name.isEmpty ? rowID : $0.name } ?? rowID
    }

    public func apply(_ outcome: ActionOutcome, to rowID: String) async -> String? {
        if case .ran = outcome { return nil }
        refresh()
        return nil
    }

    /// The session of `settings`' Pipedrive actions: requests on the Pipedrive URL's origin
    /// carry the token in `x-api-token`, as rolo's own requests do; a relative `url` is resolved
    /// beside the persons list, `{company}/v1/persons`, as `rolo act` resolves it (`notes` is
    /// `{company}/v1/notes`); nil without a URL or token.
    static func actionSession(_ settings: Settings, http: any HTTPClient) -> ActionSession? {
        guard let company = settings.pipedriveURL, let token = settings.pipedriveToken, !token.isEmpty else { return nil }
        return ActionSession(runner: ActionRunner(
            sourceTitle: "Pipedrive", base: company.appendingPathComponent("v1/persons"), headers: ["x-api-token": token],
            secrets: [token], client: http,
            timeout: settings.timeout, readOnly: settings.readOnly))
    }
}

/// Marks are checked against the stored persons, one indexed read per mark: a refresh that no
/// longer lists a person drops its mark.
extension PipedriveViewModel: MarkedRecords {
    func recordIDs(among ids: Set<String>) -> Set<String> {
        guard let rows else { return [] }
        return ids.filter { (try? rows.store.position(ofID: $0)) != nil }
    }
}
