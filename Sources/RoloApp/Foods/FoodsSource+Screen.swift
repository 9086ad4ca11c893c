import RoloCore
import TerminalUI

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

extension CapabilityAction {
    /// Like or unlike the selected food.
    public static let like = CapabilityAction("like")
}

extension Action {
    public static let like = Action.capability(.like)
}

extension FoodsSource {
    public static var keyBindings: [KeyBinding<Action>] {
        [KeyBinding([.character("l")], .like, scope: Scopes.global, "Like or unlike the selected food", hint: "like")]
    }
}
