import Foundation
import Logging
import RoloCore
import TerminalUI

/// The `foods` source: the OpenFoods list, each food's detail and photo, and liking.
///
/// The list it keeps is what the server last confirmed; likes not yet confirmed live in
/// ``FoodsLikes``, whose rules keep a reload and rapid presses from ever showing a lie.
@MainActor
public final class FoodsViewModel: SourceModel {
    public let id = SourceID.foods
    public let listTitle = "Foods"
    public let noun = (singular: "food", plural: "foods")
    public let markerWidth = 0
    public var onEvent: (SourceEvent) -> Void = { _ in }

    public private(set) var lastUpdated: Date?
    public private(set) var searchTerm: String?
    public private(set) var entries: any ListEntrySource = [ListEntry]()
    public internal(set) var flashingRowID: String?
    /// Foods have no list thumbnails: each would be a photo fetched over the network.
    public var showsThumbnails = false
    public var canShowThumbnails: Bool { false }

    /// The foods as the server last confirmed them, in its order; nil before the first answer.
    var confirmed: [Food]?
    private var lastError: FetchError?
    /// List requests in flight; several may run (a user's `r` beside a like's reload).
    private(set) var reloadsInFlight = 0
    /// The start token of the newest list answer applied, so an older answer arriving late is dropped.
    private var appliedToken = 0
    var likes = FoodsLikes()
    var flashToken = 0

    let service: (any FoodsService)?
    let busy: BusyTracker
    private let pictures: PictureStore?
    private let imageLoader: RemoteImageLoader?
    let symbols: FoodsSymbols
    let clock: any Clock<Duration>
    let now: () -> Date
    let timeZone: TimeZone
    let logger = Logger(label: "rolo.foods")
    private var pictureSlot = Size(width: 40, height: 20)
    private var selectedID: String?
    private var started = false
    /// How many foods the last list left out because they couldn't be read.
    private var skippedCount = 0
    /// The confirmed list's row index and search text, worked out off the main actor.
    private(set) var prepared = FoodsList.empty
    /// The rows shown: every food, or the search's matches.
    private lazy var filter = ListFilter(busy: busy)

    /// What to set when no foods server is configured.
    static let unconfiguredText =
        "Set the foods server: rolo foods --foods-url https://HOST/api/v1/USERID (or ROLO_FOODS_URL, or foods-url in config.toml)"

    /// Creates the source; a nil `service` means no server is configured, and nothing is ever sent.
    /// `useFlags` says the terminal can show Unicode symbols (flags, ♥); without it, codes and ASCII.
    public init(service: (any FoodsService)?, busy: BusyTracker, pictures: PictureStore?, imageLoader: RemoteImageLoader?,
                useFlags: Bool, clock: any Clock<Duration> = ContinuousClock(), now: @escaping () -> Date = Date.init,
                timeZone: TimeZone = .current) {
        self.service = service
        self.busy = busy
        self.pictures = pictures
        self.imageLoader = imageLoader
        self.symbols = FoodsSymbols(unicode: useFlags)
        self.clock = clock
        self.now = now
        self.timeZone = timeZone
        pictures?.onChange = { [weak self] in self?.onEvent(.changed) }
    }

    public let columns = [
        ListColumn("Name", .flexible(min: 12)),
        ListColumn("Description", .flexible(min: 10)),
        ListColumn("From", .fixed(4)),
        ListColumn("", .fixed(1)),
        ListColumn("Updated", .fixed(12)),
    ]

    /// Where the list stands: the confirmed foods, kept through reloads and failures.
    public var state: LoadState<[Food]> {
        if reloadsInFlight > 0 { return .loading(previous: confirmed) }
        if let lastError { return .failed(lastError, previous: confirmed) }
        if let confirmed { return .loaded(confirmed, stale: false) }
        return .idle
    }

    /// The foods as shown: the confirmed list with the user's pending likes on top.
    public var shownFoods: [Food] {
        (confirmed ?? []).map { food in
            var shown = food
            shown.isLiked = likes.shown(food)
            return shown
        }
    }

    /// Whether no PUT is in flight and no like is waiting to be sent.
    public var likesAtRest: Bool { likes.isAtRest }

    public var isLoading: Bool { reloadsInFlight > 0 }

    public var placeholder: ListPlaceholder? {
        guard service != nil else { return .unconfigured(Self.unconfiguredText) }
        guard entries.entryCount == 0 else { return nil }
        switch state {
        case .idle, .loading(nil): return .loading("Loading foods…")
        case .failed(let error, nil): return .failed("Couldn't load foods. \(error.message)")
        default:
            if let searchTerm { return .empty("No food matches “\(searchTerm)” — Esc clears the search") }
            return .empty("The server has no foods.")
        }
    }

    public var statusItems: [String] {
        (likes.sending.isEmpty ? [] : ["saving…"]) + SkippedRecordsReport.statusItem(skippedCount)
    }

    public func start() {
        guard !started else { return }
        started = true
        refresh()
    }

    public func refresh() {
        guard let service else { return }
        pictures?.retryFailed()
        let token = likes.reloadStarted()
        reloadsInFlight += 1
        onEvent(.changed)
        busy.task { [weak self] in
            let result: Result<(DecodedList<Food>, FoodsList), FetchError>
            do {
                let list = try await service.foods()
                // The row index and search text of 200,000 foods: not on the main actor.
                result = .success((list, await FoodsList.prepare(list.records)))
            } catch {
                result = .failure(FetchError.wrap(error))
            }
            self?.listAnswered(result, startedAt: token)
        }
    }

    private func listAnswered(_ result: Result<(DecodedList<Food>, FoodsList), FetchError>, startedAt token: Int) {
        reloadsInFlight -= 1
        defer { onEvent(.changed) }
        if case .success(let (_, ready)) = result { ready.search.count(in: busy) }
        // A newer request's answer is already shown; this one knows less.
        guard token > appliedToken else { return }
        switch result {
        case .success(let (list, ready)):
            appliedToken = token
            confirmed = likes.merge(list.records, over: confirmed ?? [], startedAt: token)
            prepared = ready
            setSearch(searchTerm)
            skippedCount = list.skipped.count
            if let notice = SkippedRecordsReport.report(list.skipped, noun: noun, logger: logger) { onEvent(notice) }
            lastError = nil
            lastUpdated = now()
            rebuildEntries()
            requestPhoto()
        case .failure(let error):
            logger.warning("food list failed: \(error.detail)")
            lastError = error
            if confirmed != nil { onEvent(.banner(error.message, isError: true)) }
        }
    }

    public func setSearch(_ term: String?) {
        searchTerm = term.searchTerm
        filter.apply(searchTerm, all: prepared.layout, matching: prepared.matching) { [weak self] in
            self?.rebuildEntries()
            self?.onEvent(.changed)
        }
        rebuildEntries()
        onEvent(.changed)
    }

    /// Rows are made as they are drawn, each with the like the user sees.
    func rebuildEntries() {
        let (symbols, today, timeZone, likes) = (self.symbols, now(), self.timeZone, self.likes)
        entries = RecordRows(records: confirmed ?? [], layout: filter.layout) { food in
            var shown = food
            shown.isLiked = likes.shown(food)
            return FoodsDetail.row(for: shown, symbols: symbols, now: today, timeZone: timeZone)
        }
    }

    // MARK: - Selection and photo

    public func selectionChanged(to rowID: String?) {
        selectedID = rowID
        let keep = rowID.flatMap(food(withID:)).flatMap(\.photoURL).map(Self.photoKey)
        // A fast scroll never queues stale downloads: only the selected photo's work goes on.
        pictures?.cancel { $0 == keep }
        requestPhoto()
    }

    public func pictureSlotChanged(to slot: Size) {
        guard slot != pictureSlot else { return }
        pictureSlot = slot
        requestPhoto()
    }

    static func photoKey(_ url: URL) -> String { "foods/\(url.absoluteString)" }

    /// Asks for the selected food's photo at the current slot size; the store starts it once.
    private func requestPhoto() {
        guard let pictures, let imageLoader, let food = selectedID.flatMap(food(withID:)), let url = food.photoURL else { return }
        pictures.picture(Self.photoKey(url), columns: pictureSlot.width, rows: pictureSlot.height) { bypass in
            try await imageLoader.load(url, bypassCache: bypass)
        }
    }

    func food(withID id: String) -> Food? {
        prepared.layout.position(ofRowID: id).flatMap { position in
            confirmed.flatMap { position < $0.count ? $0[position] : nil }
        }
    }

    public func detail(for rowID: String) -> [DetailBlock] {
        guard var food = food(withID: rowID) else { return [] }
        food.isLiked = likes.shown(food)
        return FoodsDetail.blocks(for: food, picture: picture(for: food), saving: likes.sending[rowID] != nil,
                                  symbols: symbols, now: now(), timeZone: timeZone)
    }

    /// The detail's picture: the photo when ready, else a badge that says why there is none.
    private func picture(for food: Food) -> Picture {
        var picture = Picture(initials: Picture.initials(of: food.name), colorSeed: FoodsDetail.colorSeed(food.id))
        guard let pictures, imageLoader != nil, let url = food.photoURL else { return picture }
        picture.show(pictures.state(Self.photoKey(url), columns: pictureSlot.width, rows: pictureSlot.height), in: pictureSlot)
        return picture
    }
}
