import RoloCore

extension FoodsSource: SourcePlugin {
    @MainActor
    public static func makeModel(_ context: SourceContext) -> any SourceModel {
        let settings = context.settings
        return FoodsViewModel(
            service: settings.foodsURL.map { FoodsClient(baseURL: $0, http: context.http, timeout: settings.timeout) },
            busy: context.busy, pictures: context.pictures(), imageLoader: context.imageLoader(cachingIn: "images"),
            useFlags: context.useFlags)
    }
}
