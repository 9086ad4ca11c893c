import Foundation
import RoloCore

/// A built-in source whose tab runs the user's `[[actions]]` for it (people, directory, foods,
/// randomuser): a record is its `rolo dump` fields (``DumpSchema/actionRecord(_:)``), a
/// relative `url` goes to the source's own server, which takes no headers, and a request that
/// worked reloads the list, as these sources hold no record apart from their list.
@MainActor
public protocol BuiltInRecordActions: ConfiguredActions, FlashesRows {
    /// The source's actions, with the keys in effect; set when the tab is made.
    var recordActions: [RecordAction] { get set }
    /// Takes the actions rolo ships for the source, which only a source with keys for them
    /// (``ShippedRecordActions``) keeps.
    func takeShipped(_ actions: [RecordAction])
}

extension BuiltInRecordActions {
    public func takeShipped(_ actions: [RecordAction]) {}

    public func apply(_ outcome: ActionOutcome, to rowID: String) async -> String? {
        if case .ran = outcome { return nil }
        refresh()
        return nil
    }

    /// Takes `settings`' actions for this source and a session sending them to `base`, named
    /// "The people server" in messages; with a nil `base` (no server configured) only absolute
    /// URLs and commands can run.
    func takeActions(_ settings: Settings, base: URL?, http: any HTTPClient) {
        let actions = settings.configuredSources.actions(of: id.rawValue)
        recordActions = actions.filter { !$0.isShipped }
        takeShipped(actions.filter(\.isShipped))
        guard !actions.isEmpty else { return }
        actionState.session = ActionSession(runner: ActionRunner(
            sourceTitle: Self.serverTitle(id), base: base, client: http, timeout: settings.timeout, readOnly: settings.readOnly))
    }

    /// How messages name the source's server: "The foods server".
    static func serverTitle(_ id: SourceID) -> String {
        "The \(id.rawValue) server"
    }
}
