import RoloCore

extension PeopleSource: SourcePlugin {
    @MainActor
    public static func makeModel(_ context: SourceContext) -> any SourceModel {
        let settings = context.settings
        return PeopleViewModel(service: PeopleClient(baseURL: settings.peopleURL, http: context.http, timeout: settings.timeout),
                               busy: context.busy, pictures: context.pictures())
    }
}
