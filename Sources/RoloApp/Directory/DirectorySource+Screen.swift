import RoloCore
import TerminalUI

extension DirectorySource: SourcePlugin {
    @MainActor
    public static func makeModel(_ context: SourceContext) -> any SourceModel {
        let settings = context.settings
        let model = DirectoryViewModel(
            service: DirectoryClient(urls: settings.directoryURLs, http: context.http, timeout: settings.timeout),
            snapshots: snapshots(settings), addressBook: context.addressBook, busy: context.busy, pictures: context.pictures())
        // Its people come from several cities' servers: a relative url goes to the first one's.
        model.takeActions(settings, base: settings.directoryURLs.first, http: context.http)
        return model
    }
}

extension DirectorySource {
    /// Its rows match address-book cards.
    public static var keyBindings: [KeyBinding<Action>] { ContactCardKeys.bindings }
}
