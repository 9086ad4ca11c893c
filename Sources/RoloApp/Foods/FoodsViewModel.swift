import Foundation
import Logging
import RoloCore
import TerminalUI

/// The `foods` source: the OpenFoods list, each food's detail and photo, and liking.
///
/// The list it keeps is what the server last confirmed; likes not yet confirmed live in the
/// actions' ``OptimisticWrites`` (like and unlike are declared actions rolo ships), whose rules
/// keep a reload and rapid presses from ever showing a lie. From a server that pages (the 2025 API) the list is read a page at a time, in the background and
/// as the user scrolls (see FoodsViewModel+Pages).
@MainActor
public final class FoodsViewModel: SourceModel, FlashesRows, ActionRows, FollowsSelection, DetailPictures,
    CopyableValues, ShowsFlags {
    public let id = FoodsSource.id
    public let listTitle = "Foods"
    public let noun = (singular: "food", plural: "foods")
    /// The user's `[[actions]]` for this source, rolo's like and unlike, and what runs them.
    public var recordActions: [RecordAction] = []
    public var shippedActions: [RecordAction] = []
    public let actionState: ActionState
    public var onEvent: (SourceEvent) -> Void = { _ in }

    public internal(set) var lastUpdated: Date?
    public private(set) var searchTerm: String?
    public private(set) var entries: any ListEntrySource = [ListEntry]()
    /// The row highlighted now: after a like was pressed or came back failed, or after one of
    /// the user's actions failed.
    public var flashingRowID: String? { actionState.flashingRowID }

    /// The foods as the server last confirmed them, in its order; nil before the first answer.
    var confirmed: [Food]?
    var lastError: FetchError?
    /// List requests in flight; two may run for a moment (a user's `r` beside a page still
    /// coming for the list it replaces).
    var reloadsInFlight = 0
    /// The reading of the list that is shown, and how far its pages have come; nil before the
    /// first answer.
    var shownLoad: FoodsLoad?
    /// A newer reading not shown yet (a refresh): it replaces the shown list once it has as
    /// many foods or has ended, so a refresh never shortens the list while it runs.
    var newLoad: FoodsLoad?
    /// Why the shown list's next page failed; no page is asked for by itself until the user
    /// scrolls to the end again, chooses the retry row or presses `r`.
    var nextPageFailure: FetchError?

    let service: (any FoodsService)?
    public let busy: BusyTracker
    let pictures: PictureStore?
    private let imageLoader: RemoteImageLoader?
    private(set) var symbols: FoodsSymbols
    let now: () -> Date
    let timeZone: TimeZone
    let logger = Logger(label: "rolo.foods")
    private var pictureSlot = Size(width: 40, height: 20)
    private var selectedID: String?
    private var started = false
    /// How many foods the shown list left out because they couldn't be read.
    var skippedCount = 0
    /// The confirmed list's row index and search text, worked out off the main actor.
    var prepared = FoodsList.empty
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
        actionState = ActionState(clock: clock)
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

    /// Foods have no list thumbnails: each would be a photo fetched over the network.
    /// Where the list stands: the confirmed foods, kept through reloads and failures.
    public var state: LoadState<[Food]> {
        if reloadsInFlight > 0 { return .loading(previous: confirmed) }
        if let lastError { return .failed(lastError, previous: confirmed) }
        if let confirmed { return .loaded(confirmed, stale: false) }
        return .idle
    }

    /// The foods as shown: the confirmed list with the user's pending likes on top.
    public var shownFoods: [Food] {
        let liked = actionState.optimistic.intended(Self.likedField)
        return (confirmed ?? []).map { Self.shown($0, liked: liked) }
    }

    /// Whether no like is in flight or waiting to be sent.
    public var likesAtRest: Bool { actionState.optimistic.isAtRest }

    public var isLoading: Bool { reloadsInFlight > 0 }

    public var status: SourceStatus {
        SourceStatus(isLoading: isLoading, lastUpdated: lastUpdated, items: statusItems, placeholder: placeholder)
    }

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
        (actionState.optimistic.isSending ? ["saving…"] : []) + pagesStatus + SkippedRecordsReport.statusItem(skippedCount)
    }

    /// Draws countries as flags or as codes from now on: the terminal's answer about itself
    /// (`--flags auto`) comes after the first frame.
    public func showFlags(_ flags: Bool) {
        guard flags != symbols.flags else { return }
        symbols.flags = flags
        rebuildEntries()
        onEvent(.changed)
    }

    public func start() {
        guard !started else { return }
        started = true
        refresh()
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

    /// Rows are made as they are drawn, each with the like the user sees; below them, while the
    /// list isn't whole, "loading more…" or the row that retries the failed page.
    func rebuildEntries() {
        let (symbols, today, timeZone) = (self.symbols, now(), self.timeZone)
        let liked = actionState.optimistic.intended(Self.likedField)
        let rows = RecordRows(records: confirmed ?? [], layout: filter.layout) { food in
            FoodsDetail.row(for: Self.shown(food, liked: liked), symbols: symbols, now: today, timeZone: timeZone)
        }
        // With no rows the placeholder speaks, not a trailer alone.
        entries = rows.entryCount == 0 ? rows as any ListEntrySource : EntriesWithTrailer(rows: rows, entry: pagesTrailer)
    }

    // MARK: - Selection and photo

    public func selectionChanged(to rowID: String?) {
        selectedID = rowID
        let keep = rowID.flatMap(food(withID:)).flatMap(\.photoURL).map(Self.photoKey)
        // A fast scroll never queues stale downloads: only the selected photo's work goes on.
        pictures?.cancel { $0 == keep }
        requestPhoto()
        if let rowID { scrolled(to: rowID) }
    }

    public func pictureSlotChanged(to slot: Size) {
        guard slot != pictureSlot else { return }
        pictureSlot = slot
        requestPhoto()
    }

    static func photoKey(_ url: URL) -> String { "foods/\(url.absoluteString)" }

    /// Asks for the selected food's photo at the current slot size; the store starts it once.
    func requestPhoto() {
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
        if rowID == Self.retryRowID { return retryDetail }
        guard let confirmed = food(withID: rowID) else { return [] }
        let food = Self.shown(confirmed, liked: actionState.optimistic.intended(Self.likedField))
        return FoodsDetail.blocks(for: food, picture: picture(for: food), saving: actionState.optimistic.isSending(rowID),
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
