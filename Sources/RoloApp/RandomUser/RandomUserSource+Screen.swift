import RoloCore
import TerminalUI

extension RandomUserSource: SourcePlugin {
    /// The persons over rolo's database, with their own avatar cache so `r` can replace this
    /// source's avatars without touching others'.
    @MainActor
    public static func makeModel(_ context: SourceContext) -> any SourceModel {
        let settings = context.settings
        let avatars = ImageDiskCache(directory: settings.cacheDir + "/randomuser")
        let model = RandomUserViewModel(
            service: RandomUserClient(baseURL: settings.randomuserURL, http: context.http, timeout: settings.timeout),
            store: PersonStore<RandomPerson>(database: context.database), seed: settings.randomuserSeed, busy: context.busy,
            pictures: context.pictures(), imageLoader: context.imageLoader(cache: avatars),
            avatarCache: avatars, firstPage: context.preloaded as? RandomUserViewModel.LoadedPage)
        model.takeActions(settings, base: settings.randomuserURL, http: context.http)
        return model
    }

    /// The first stored page, so that the first frame has it rather than "Loading…".
    public static func preload(_ database: RoloDatabase) -> (any Sendable)? {
        RandomUserViewModel.storedFirstPage(in: PersonStore(database: database))
    }
}

extension RandomUserSource: ShipsActionKeys {
    /// `t` in the detail: the key of the shipped set-title.
    public static var shippedKeyScope: KeyScope { Scopes.detail }
    public static var shippedKeyHints: [String: String] { ["set-title": "title"] }
}
