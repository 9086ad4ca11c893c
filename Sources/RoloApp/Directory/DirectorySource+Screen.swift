import RoloCore
import TerminalUI

extension DirectorySource: SourcePlugin {
    @MainActor
    public static func makeModel(_ context: SourceContext) -> any SourceModel {
        let settings = context.settings
        return DirectoryViewModel(
            service: DirectoryClient(urls: settings.directoryURLs, http: context.http, timeout: settings.timeout),
            snapshots: snapshots(settings), addressBook: context.addressBook, busy: context.busy, pictures: context.pictures())
    }
}

extension DirectorySource {
    /// Its rows match address-book cards.
    public static var keyBindings: [KeyBinding<Action>] { ContactCardKeys.bindings }
}
