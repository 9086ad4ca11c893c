import Foundation
import RoloCore
import TerminalUI

/// The master-detail screen: which source is shown, the selection, the panes, search, help and
/// banners. Turns terminal events into actions and actions into state; `render()` draws it.
@MainActor
public final class ScreenController {
    /// Per-source screen state, kept when the user switches tabs.
    struct SourceUI {
        var cursor = ListCursor()
        var selectedID: String?
        var detailScroll = 0
        /// Narrow: the detail is pushed over the list. Wide: the detail pane has the focus.
        var showingDetail = false
    }

    /// A message over the content until it expires.
    struct BannerState: Equatable {
        var message: String
        var isError: Bool
        var expires: Date
    }

    /// How long a banner stays.
    static let bannerDuration: TimeInterval = 8

    public let sources: [any SourceModel]
    public let busy: BusyTracker
    public private(set) var active: Int
    public private(set) var size: Size
    public private(set) var quitRequested = false
    /// Asks the app to draw; coalesced by the app.
    public var onNeedsRender: () -> Void = {}
    /// Asks the app to repaint every cell (Ctrl-L).
    public var onRepaint: () -> Void = {}
    /// Asks the app to quit.
    public var onQuit: () -> Void = {}
    /// Puts text on the clipboard (the terminal's OSC 52) and says how it went.
    public var onCopy: (String) -> ClipboardOutcome = { _ in .off }
    /// Runs a `terminal` command action with the terminal, the screen left around it; nil
    /// where there is no terminal to leave (tests), and such actions fail saying so.
    public var onRunInTerminal: ActionSession.TerminalRun?
    /// How `o` opens a link: the app gives one over the process environment; this one copies.
    public var linkOpener = LinkOpener.copyOnly
    /// The profile's badge (`[profiles.NAME]`'s `badge`), at the tab bar's right in the
    /// theme's warning colours; nil without one.
    public var badge: String?
    /// Turns the terminal's focus reporting on, once a tab is watched.
    public var onFocusReporting: (Bool) -> Void = { _ in }

    var ui: [SourceID: SourceUI] = [:]
    /// What has the keys now: the source on screen, or one thing over it.
    var mode: ScreenMode = .browsing
    /// The marked rows of each source, and the bulk action running on them.
    var bulk = BulkScreenState()
    var banner: BannerState?
    /// The references followed with Enter, the latest last: where Esc/← comes back to.
    var follows: [FollowStep] = []
    /// The record a follow opens, until its source lists it.
    var pendingFollow: String?
    /// A message in the status line until it expires, e.g. what was copied.
    var notice: (text: String, expires: Date)?
    var spinnerFrame = 0
    /// The watched tabs and their timers.
    var watch = WatchState()
    /// The sign-in `L` started, while it runs.
    var signInTask: Task<Void, Never>?
    /// The code flow waiting for its pasted address: the flow and its endpoints.
    var pendingCode: (flow: SignInFlow, endpoints: OAuthEndpoints)?
    /// How a watched tab's timer waits.
    let watchSleep: @Sendable (TimeInterval) async throws -> Void
    let keyTable: KeyTable<Action>
    let now: () -> Date
    /// The zone the status line's times are in.
    let timeZone: TimeZone

    /// - `watching`: the tabs that refresh themselves, every so many seconds;
    /// - `watchSleep`: how their timers wait (tests hold them).
    public init(sources: [any SourceModel], initial: SourceID? = nil, size: Size, busy: BusyTracker,
                keyTable: KeyTable<Action> = roloKeyTable, now: @escaping () -> Date = Date.init, timeZone: TimeZone = .current,
                watching: [SourceID: TimeInterval] = [:],
                watchSleep: @escaping @Sendable (TimeInterval) async throws -> Void = { try await Task.sleep(for: .seconds($0)) }) {
        precondition(!sources.isEmpty, "rolo needs at least one source")
        self.sources = sources
        self.watchSleep = watchSleep
        watch.configured = watching
        self.keyTable = keyTable
        self.busy = busy
        self.size = size
        self.now = now
        self.timeZone = timeZone
        active = initial.flatMap { id in sources.firstIndex { $0.id == id } } ?? 0
        for (index, source) in sources.enumerated() {
            source.onEvent = { [weak self] event in self?.sourceEvent(event, from: index) }
        }
        // The spinner follows the jobs in flight; the frame comes from here, as every other.
        busy.onChange = { [weak self] in self?.onNeedsRender() }
    }

    var source: any SourceModel { sources[active] }
    var layout: ScreenLayout { ScreenLayout(size: size) }
    var sourceUI: SourceUI {
        get { ui[source.id] ?? SourceUI() }
        set { ui[source.id] = newValue }
    }

    /// Starts the active source's first load.
    public func start() {
        (source as? any DetailPictures)?.pictureSlotChanged(to: pictureSlot)
        source.start()
        watchedTabStarted(source.id)
        syncSelection()
        startWatching()
    }

    /// Rows per list entry: three when thumbnails are on and fit, else one.
    var rowHeight: Int { showsThumbnails ? 3 : 1 }

    /// Columns of a list thumbnail: three rows of cells, about square.
    static let thumbnailWidth = 6

    /// Whether the list shows thumbnails now: the source has them, the user wants them, and the
    /// screen is large enough that taller rows still show a useful number of people.
    var showsThumbnails: Bool {
        guard let thumbnails = source as? any RowThumbnails else { return false }
        return thumbnails.canShowThumbnails && thumbnails.showsThumbnails && size.width >= 80 && size.height >= 20
    }

    /// The size of the detail's picture: up to 40×20 cells, about half the pane's height.
    var pictureSlot: Size {
        let pane = ScreenLayout.split(pane: layout.detail).content
        let rows = min(20, max(4, pane.height / 2))
        return Size(width: max(1, min(pane.width, rows * 2)), height: rows)
    }

    /// Whether something is animating (spinner) or waiting to expire (banner).
    public var needsTicks: Bool {
        busy.count > 0 || sources.contains { $0.status.isLoading } || banner != nil || notice != nil || signInScreen != nil
    }

    /// Advances the spinner and expires the banner; the app calls this on a timer while `needsTicks`.
    public func tick() {
        spinnerFrame += 1
        if let banner, banner.expires <= now() { self.banner = nil }
        if let notice, notice.expires <= now() { self.notice = nil }
        onNeedsRender()
    }

    // MARK: - Events

    /// Handles one terminal event.
    public func handle(_ event: TerminalEvent) {
        switch event {
        case .key(let key):
            handle(key)
        case .mouse(let mouse):
            handle(mouse)
        case .resize(let newSize):
            size = newSize
            (source as? any DetailPictures)?.pictureSlotChanged(to: pictureSlot)
            clampCursor()
        case .interrupt, .hangup:
            // A signal or a lost terminal is not a key: no mode may turn it into "close".
            quit()
            return
        case .resumed:
            onRepaint()
        case .picturesLost:
            break
        case .focus(let focused):
            focusChanged(focused)
        }
        showWaitingResults()
        onNeedsRender()
    }

    func handle(_ key: Key) {
        if layout.isTooSmall {
            if keyTable.action(for: key, in: [Scopes.global]) == .quit || key == .control("c") { quit() }
            return
        }
        if handleBulkForm(key) { return }
        if handleSignInKey(key) { return }
        switch mode {
        case .actionMenu, .actionForm, .actionConfirm, .actionOutput:
            handleActionKey(key)
            return
        case .copyMenu:
            // A digit copies that line of the menu at once.
            if case .character(let character) = key, let number = character.wholeNumberValue, number >= 1 {
                copy(menuItem: number - 1)
                return
            }
        case .searching:
            // Keys the search scope doesn't bind are typed into the field.
            if let action = keyTable.action(for: key, in: activeScopes) {
                perform(action)
            } else {
                editSearch(with: key)
            }
            return
        case .browsing:
            if let action = recordAction(for: key) {
                press(action)
                return
            }
        case .help, .card, .bulkConfirm, .bulkResults, .bulkForm, .signIn:
            break
        }
        if let action = keyTable.action(for: key, in: activeScopes, where: isAvailable) {
            perform(action)
        }
    }

    /// Whether an action can be used in the current source and state.
    func isAvailable(_ action: Action) -> Bool {
        switch action {
        case .source(let index): return index < sources.count
        case .nextSource, .previousSource: return sources.count > 1
        case .clearSearch: return searchText != nil || source.searchTerm != nil || !marks.isEmpty || bulk.run?.isRunning == true
        case .toggleMark, .markRange: return canMark
        case .retryFailed: return canRetryFailed
        case .toggleThumbnails: return (source as? any RowThumbnails)?.canShowThumbnails == true && size.width >= 80 && size.height >= 20
        case .capability(.contactCard): return sourceUI.selectedID.map(contactCardCount(for:)) ?? 0 > 0
        case .capability(.previousCard): return (card?.index ?? 0) > 0
        case .capability(.nextCard): return card.map { $0.index + 1 < contactCardCount(for: $0.rowID) } ?? false
        case .capability(let action): return (source as? any RowActions)?.isAvailable(action) == true && sourceUI.selectedID != nil
        case .activate:
            return isAvailable(.contactCard) || detailButtonAction.map { isAvailable(.capability($0)) } == true || followTarget() != nil
        case .copy, .copyMenu, .openLink: return sourceUI.selectedID != nil
        case .actionMenu: return actionSource != nil && sourceUI.selectedID != nil
        case .signIn: return (source as? any SignsIn)?.signInFlow != nil
        default: return true
        }
    }

    // MARK: - Actions

    /// Does one action.
    public func perform(_ action: Action) {
        if action == .quit {
            quit()
            return
        }
        switch mode {
        case .help: performInHelp(action)
        case .card: performInCard(action)
        case .signIn: performInSignIn(action)
        case .copyMenu: performInCopyMenu(action)
        case .bulkConfirm: performInBulkConfirm(action)
        case .bulkResults: performInBulkResults(action)
        case .browsing, .searching: performOnScreen(action)
        case .actionMenu, .actionForm, .actionConfirm, .actionOutput, .bulkForm: break
        }
    }

    /// Ends the session whatever is on screen: the one way out, for `q` on the screen and for
    /// every signal and a terminal that went away.
    public func quit() {
        guard !quitRequested else { return }
        quitRequested = true
        onQuit()
    }

    /// An action on the source on screen: its list, its detail or its search field.
    private func performOnScreen(_ action: Action) {
        switch action {
        case .moveUp, .moveDown, .pageUp, .pageDown, .first, .last:
            sourceUI.showingDetail ? scrollDetail(action) : moveSelection(action)
        case .open:
            guard let id = sourceUI.selectedID else { return }
            if (source as? any ActionRows)?.activatesRow(id) == true { break }
            sourceUI.showingDetail = true
            sourceUI.detailScroll = 0
        case .back:
            if backFromFollow() { break }
            sourceUI.showingDetail = false
        case .refresh:
            refreshAsked(source.id)
            source.refresh()
            watchedTabSettled(source.id)
        case .toggleWatch:
            toggleWatch()
        case .capability(.contactCard):
            if let id = sourceUI.selectedID, let cards = source as? any ContactCards, cards.contactCardCount(for: id) > 0 {
                mode = .card(rowID: id, index: 0, scroll: 0)
                cards.contactCardShown(for: id, at: 0)
            }
        case .capability(.previousCard), .capability(.nextCard):
            break
        case .capability(let rowAction):
            guard isAvailable(action) else { return }
            if runShippedOnMarked(rowAction) { break }
            (source as? any RowActions)?.perform(rowAction, on: sourceUI.selectedID)
            // The detail's button is done with the detail (randomuser's title).
            if rowAction == detailButtonAction { sourceUI.showingDetail = false }
        case .activate:
            // The detail's one active thing: a reference to follow, a contact card button, or
            // the source's own button.
            if followReference() {
                break
            } else if isAvailable(.contactCard) {
                perform(.contactCard)
            } else if let button = detailButtonAction, isAvailable(.capability(button)) {
                perform(.capability(button))
            }
        case .search:
            sourceUI.showingDetail = false
            mode = .searching(source.searchTerm ?? "")
        case .clearSearch:
            if case .browsing = mode, source.searchTerm == nil {
                escapeMarks()
                break
            }
            mode = .browsing
            source.setSearch(nil)
            afterEntriesChanged()
        case .acceptSearch:
            mode = .browsing
        case .nextSource:
            switchSource(to: (active + 1) % sources.count)
        case .previousSource:
            switchSource(to: (active + sources.count - 1) % sources.count)
        case .source(let index):
            if index < sources.count { switchSource(to: index) }
        case .toggleThumbnails:
            (source as? any RowThumbnails)?.showsThumbnails.toggle()
            clampCursor()
        case .help:
            mode = .help(scroll: 0)
        case .closeHelp:
            break
        case .redraw:
            onRepaint()
        case .copy:
            copyPreferred()
        case .copyMenu:
            openCopyMenu()
        case .toggleMark:
            toggleMark()
        case .markRange:
            markRange()
        case .retryFailed:
            break
        case .actionMenu:
            openActionMenu()
        case .openLink:
            openLink()
        case .signIn:
            startSignIn()
        case .quit:
            break
        }
        onNeedsRender()
    }


    func switchSource(to index: Int) {
        guard index != active else { return }
        mode = .browsing
        active = index
        (source as? any DetailPictures)?.pictureSlotChanged(to: pictureSlot)
        source.start()
        watchedTabStarted(source.id)
        clampCursor()
    }

    private var listPageHeight: Int { visibleEntries }

    /// How many list entries fit on screen now.
    var visibleEntries: Int {
        let content = listContent(of: layout.list)
        return listView(in: content).visibleEntryCount(in: content)
    }

    func moveSelection(_ action: Action) {
        let entries = source.entries
        var cursor = sourceUI.cursor
        switch action {
        case .moveUp: cursor.move(by: -1, in: entries)
        case .moveDown: cursor.move(by: 1, in: entries)
        case .pageUp:
            cursor.move(by: -listPageHeight, in: entries)
            cursor.offset -= listPageHeight
        case .pageDown:
            cursor.move(by: listPageHeight, in: entries)
            cursor.offset += listPageHeight
        case .first: cursor.moveToFirst(in: entries)
        case .last: cursor.moveToLast(in: entries)
        default: break
        }
        sourceUI.cursor = cursor
        clampCursor()
    }

    func scrollDetail(_ action: Action) {
        let page = max(1, layout.detail.height - 2)
        var scroll = sourceUI.detailScroll
        switch action {
        case .moveUp: scroll -= 1
        case .moveDown: scroll += 1
        case .pageUp: scroll -= page
        case .pageDown: scroll += page
        case .first: scroll = 0
        case .last: scroll = Int.max / 2
        default: break
        }
        sourceUI.detailScroll = min(max(0, scroll), maxDetailScroll)
    }

    var maxDetailScroll: Int {
        guard let id = sourceUI.selectedID else { return 0 }
        let pane = ScreenLayout.split(pane: layout.detail).content
        let view = DetailView(blocks: source.detail(for: id), theme: .monochrome, glyphs: .ascii)
        return max(0, view.contentHeight(width: pane.width) - pane.height)
    }

    // MARK: - Source events

    /// Says each heal of `database` once, in the banner, whichever source is shown: the
    /// stores went on with a rebuilt file, and the damaged one's path is the user's to keep.
    public func sayHeals(of database: RoloDatabase) {
        database.whenHealed { heal in
            Task { @MainActor [weak self] in self?.showBanner(heal.message, isError: true) }
        }
    }

    /// Shows `message` in the banner for ``bannerDuration``.
    func showBanner(_ message: String, isError: Bool) {
        banner = BannerState(message: message, isError: isError, expires: now().addingTimeInterval(Self.bannerDuration))
        onNeedsRender()
    }

    private func sourceEvent(_ event: SourceEvent, from index: Int) {
        switch event {
        case .changed:
            if index == active { afterEntriesChanged() }
            watchedTabSettled(sources[index].id)
        case .banner(let message, let isError):
            if keepsWatchBanner(message, isError: isError, from: sources[index].id) { break }
            if index == active {
                banner = BannerState(message: message, isError: isError, expires: now().addingTimeInterval(Self.bannerDuration))
            }
        }
        onNeedsRender()
    }

    /// Keeps the selection on the same row (by id) when the rows change under it; a contact
    /// card whose person is gone closes, rather than hold the keys with nothing on screen.
    func afterEntriesChanged() {
        if let card, contactCardCount(for: card.rowID) <= card.index { mode = .browsing }
        pruneMarks()
        showFollowedRecord()
        let entries = source.entries
        if let id = sourceUI.selectedID, let index = entries.index(ofRowID: id) {
            sourceUI.cursor.selected = index
        }
        clampCursor()
    }

    func clampCursor() {
        let entries = source.entries
        var cursor = sourceUI.cursor
        cursor.clamp(in: entries, height: visibleEntries)
        sourceUI.cursor = cursor
        syncSelection()
    }

    /// Tells the source when the selected row changed, so it can fetch the row's detail.
    private func syncSelection() {
        let entries = source.entries
        let id = sourceUI.cursor.selected.flatMap { $0 < entries.entryCount ? entries.entry(at: $0).row?.id : nil }
        guard id != sourceUI.selectedID else { return }
        sourceUI.selectedID = id
        sourceUI.detailScroll = 0
        if id == nil { sourceUI.showingDetail = false }
        (source as? any FollowsSelection)?.selectionChanged(to: id)
    }

    /// How many address-book cards match a row of the source on screen (0 for a source without).
    func contactCardCount(for rowID: String) -> Int {
        (source as? any ContactCards)?.contactCardCount(for: rowID) ?? 0
    }

    /// What the detail's button does in the source on screen, if it has one of its own.
    var detailButtonAction: CapabilityAction? {
        (source as? any RowActions)?.detailButtonAction
    }
}
