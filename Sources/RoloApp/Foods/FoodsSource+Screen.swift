import Foundation
import RoloCore
import TerminalUI

extension FoodsSource: SourcePlugin {
    @MainActor
    public static func makeModel(_ context: SourceContext) -> any SourceModel {
        let settings = context.settings
        let model = FoodsViewModel(
            service: settings.foodsURL.map { FoodsClient(baseURL: $0, http: context.http, timeout: settings.timeout) },
            busy: context.busy, pictures: context.pictures(), imageLoader: context.imageLoader(cachingIn: "images"),
            useFlags: context.unicode)
        model.showFlags(context.showsFlags)
        // The user's id ends the URL (…/api/v1/USERID) and the API lives under it: food/{id}/like.
        let api = settings.foodsURL.map(\.absoluteString).flatMap { URL(string: $0.hasSuffix("/") ? $0 : $0 + "/") }
        model.takeActions(settings, base: api, http: context.http)
        return model
    }
}

extension FoodsSource: ShipsActionKeys {
    /// `l`, like or unlike: the key of the shipped actions, after refresh in the footer.
    public static var shippedKeyScope: KeyScope { Scopes.global }
}
