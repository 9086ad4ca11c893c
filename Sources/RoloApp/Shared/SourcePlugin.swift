import Foundation
import RoloCore
import TerminalUI

/// A source's screen half: how its view-model is made from the shared services. Each built-in
/// source's definition conforms to it in its own folder; ``SourceRegistry`` lists them, and the
/// screen takes every definition of the run's catalog that is a plug-in.
public protocol SourcePlugin: SourceDefinition {
    /// The source's view-model over the shared services.
    @MainActor static func makeModel(_ context: SourceContext) -> any SourceModel
    /// What the first frame should show when this source's tab opens first, read from the
    /// database off the main actor while the terminal is set up (stored rows); nil for nothing.
    static func preload(_ database: RoloDatabase) -> (any Sendable)?
    /// The keys of what only this source does (its capabilities' actions), which join the key
    /// table, the footer and the help where this source is on screen.
    static var keyBindings: [KeyBinding<Action>] { get }
}

extension SourcePlugin {
    public static func preload(_ database: RoloDatabase) -> (any Sendable)? { nil }
    public static var keyBindings: [KeyBinding<Action>] { [] }
}

/// The shared services a source's view-model is made over.
@MainActor
public struct SourceContext {
    public let settings: Settings
    public let http: any HTTPClient
    public let busy: BusyTracker
    /// rolo's database (in memory for the run when its file won't open).
    public let database: RoloDatabase
    /// What ``SourcePlugin/preload(_:)`` read, for the source that opens first.
    public let preloaded: (any Sendable)?
    /// The user's address book, read after the first frame.
    public let addressBook: Task<AddressBookIndex, Never>
    /// Whether the terminal draws pictures at all.
    public let showsPictures: Bool
    /// Whether the terminal can draw non-ASCII symbols (♥, ☎).
    public let unicode: Bool
    /// Whether to draw flags for the first frame (the terminal's answer may change it:
    /// ``ShowsFlags``).
    public let showsFlags: Bool
    private let pictureStore: () -> PictureStore?

    public init(settings: Settings, http: any HTTPClient, busy: BusyTracker, database: RoloDatabase, preloaded: (any Sendable)?,
                addressBook: Task<AddressBookIndex, Never>, showsPictures: Bool, unicode: Bool, showsFlags: Bool,
                pictureStore: @escaping () -> PictureStore?) {
        self.settings = settings
        self.http = http
        self.busy = busy
        self.database = database
        self.preloaded = preloaded
        self.addressBook = addressBook
        self.showsPictures = showsPictures
        self.unicode = unicode
        self.showsFlags = showsFlags
        self.pictureStore = pictureStore
    }

    /// A picture store of the source's own (its sizes and evictions apart from the others'),
    /// or nil when the terminal draws no pictures.
    public func pictures() -> PictureStore? {
        showsPictures ? pictureStore() : nil
    }

    /// A loader of remote images cached under the cache directory's `folder`, or nil when the
    /// terminal draws no pictures.
    public func imageLoader(cachingIn folder: String, over client: (any HTTPClient)? = nil) -> RemoteImageLoader? {
        imageLoader(cache: ImageDiskCache(directory: settings.cacheDir + "/" + folder), over: client)
    }

    /// A loader of remote images into `cache`, for a source that also clears that cache itself
    /// (one actor per folder, so its size accounting sees the clearing); nil when the terminal
    /// draws no pictures.
    /// `client` fetches them when given (a source's signed one), else the launch's.
    public func imageLoader(cache: ImageDiskCache, over client: (any HTTPClient)? = nil) -> RemoteImageLoader? {
        showsPictures ? RemoteImageLoader(http: client ?? http, cache: cache, timeout: settings.timeout) : nil
    }
}

extension SourceCatalog {
    /// The sources the screen can show, in tab order.
    public var plugins: [any SourcePlugin.Type] {
        definitions.compactMap { $0 as? any SourcePlugin.Type }
    }
}
