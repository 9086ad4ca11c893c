import RoloCore

extension PeopleSource: SourcePlugin {
    @MainActor
    public static func makeModel(_ context: SourceContext) -> any SourceModel {
        let settings = context.settings
        let model = PeopleViewModel(service: PeopleClient(baseURL: settings.peopleURL, http: context.http, timeout: settings.timeout),
                                    busy: context.busy, pictures: context.pictures())
        model.takeActions(settings, base: settings.peopleURL, http: context.http)
        return model
    }
}
