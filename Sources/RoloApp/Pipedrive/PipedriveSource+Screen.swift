import RoloCore

extension PipedriveSource: SourcePlugin {
    /// The account's persons in rolo's database; without a URL or token, the tab says what to set.
    @MainActor
    public static func makeModel(_ context: SourceContext) -> any SourceModel {
        let settings = context.settings
        let model = PipedriveViewModel(
            http: context.http, token: settings.pipedriveToken, unconfigured: PipedriveSource.unconfigured(settings),
            api: settings.pipedriveAPI, database: context.database, timeout: settings.timeout, busy: context.busy,
            pictures: context.pictures(), imageLoader: context.imageLoader(cachingIn: "images"),
            gravatarBase: settings.gravatarURL, companyURL: settings.pipedriveURL)
        model.recordActions = settings.configuredSources.actions(of: id.rawValue)
        model.actionState.session = PipedriveViewModel.actionSession(settings, http: context.http)
        return model
    }
}
