import Foundation
import RoloCore

extension RecordListModel {
    /// The view-model of the configured `source` over a launch's shared services: rolo's
    /// database (unless `offline = false`), the one HTTP client, a picture store of its own and
    /// images cached under `custom/<name>`; `${VAR}`s from `environment`.
    public static func make(
        _ source: RecordSource, context: SourceContext, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> RecordListModel {
        // One signed client for the list, its details, pictures, lookups and actions: one sign-in each.
        let http = (try? SignIns.shared.client(for: source, over: context.http, environment: environment, timeout: context.settings.timeout))
            ?? context.http
        let model = RecordListModel(
            source: source, database: context.database, http: http, environment: environment, busy: context.busy,
            pictures: context.pictures(), imageLoader: context.imageLoader(cachingIn: "custom/" + source.name, over: http),
            timeout: context.settings.timeout)
        model.actionState.session = model.endpoint.map { endpoint in
            ActionSession(runner: ActionRunner(
                source: source, endpoint: endpoint, client: http, timeout: context.settings.timeout,
                readOnly: context.settings.readOnly))
        }
        if case .oauth2(let oauth)? = try? source.auth?.expanded(for: source, environment: environment) {
            model.signInFlow = SignInFlow(source: source.name, auth: oauth, store: SignIns.shared.store, http: context.http,
                                          timeout: context.settings.timeout)
        }
        return model
    }
}

extension RecordListModel: SignsIn {}
