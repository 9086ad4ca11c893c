import Foundation
import Logging
import RoloCore
import TerminalUI

/// The `directory` source: the Tallinn and Tartu listings merged and sectioned by position,
/// each person's detail, and their card from the user's address book.
///
/// The saved list is shown at once at start while both cities are asked; what a refresh shows
/// is decided by ``DirectoryOutcome`` (a failed city's people come from the last complete answer,
/// marked saved), and only a complete answer replaces the saved list.
@MainActor
public final class DirectoryViewModel: SourceModel, ContactCards, CopyableValues, RowMarkers {
    public let id = DirectorySource.id
    public let listTitle = "Directory"
    /// The user's `[[actions]]` for this source, and what runs them.
    public var recordActions: [RecordAction] = []
    public let actionState = ActionState()
    public let noun = (singular: "person", plural: "people")
    public let markerWidth = 2
    public var onEvent: (SourceEvent) -> Void = { _ in }

    public private(set) var lastUpdated: Date?
    public private(set) var searchTerm: String?
    public private(set) var entries: any ListEntrySource = [ListEntry]()
    /// The directory has no pictures.

    /// The people shown, merged, in list order; nil before anything was loaded or read from the
    /// save file.
    public private(set) var employees: [DirectoryEmployee]?
    /// When the shown list was saved, while it is the saved one rather than this run's answer.
    public private(set) var savedAt: Date?
    /// The people shown from the last complete answer because their city failed, by row id,
    /// with the city.
    public private(set) var savedPeople: [String: String] = [:]
    /// The last complete answer, read at start or kept from this run: what fills in a failed city.
    private var lastComplete: DirectorySnapshot?
    /// Whether the list shown was made from ``lastComplete`` alone, so an answer that repeats it
    /// can keep the list.
    private var showsLastComplete = false
    /// The first city's error when the last refresh loaded no city at all.
    private var lastFailure: FetchError?
    /// The shown people sorted into sections, indexed and searchable.
    private var prepared = DirectoryList.empty
    /// The rows shown: everyone, or the search's matches.
    private lazy var filter = ListFilter(busy: busy)
    /// Whether a search is being worked out off the main actor.
    var isSearching: Bool { filter.isSearching }

    private let service: any DirectoryService
    private let snapshots: DirectorySnapshotStore?
    /// The address book, once read; empty until then.
    private(set) var contacts = AddressBookIndex.empty
    /// Reading the address book, until the source starts and takes its result.
    private var addressBookLoad: Task<AddressBookIndex, Never>?
    private let busy: BusyTracker
    /// The cards' photos; nil when images are off or the terminal can't show them.
    let pictures: PictureStore?
    private let now: () -> Date
    private let locale: Locale
    private let timeZone: TimeZone
    private let logger = Logger(label: "rolo.directory")
    private var refreshTask: Task<Void, Never>?
    /// Reading the save file: a refresh's answer is compared with it, and a failed city filled
    /// in from it, only once it is read.
    private var savedRead: Task<Void, Never>?
    /// Showing the saved list; a refresh's answer is applied only after it, so it is never
    /// overwritten by older data or shown without the banner its failure needs.
    private var savedTask: Task<Void, Never>?
    /// Whether the answer read from the save file is still to be shown.
    private var savedToShow = false
    private var started = false
    /// How many employees the last refresh left out because they couldn't be read.
    private var skippedCount = 0

    /// What the list says when no city could be loaded and nothing was saved: generic, as the
    /// seed asks; the log has the reasons.
    static let failedText = "Couldn't load the directory — r to retry"
    /// The banner for a save file that can't be used; the fetch that follows replaces it.
    static let unusableSaveText = "The saved directory couldn't be read — loading fresh"

    /// Creates the source. `snapshots` nil saves nothing; `contacts` and `contactsProblem` are
    /// what ``AddressBook/load(path:)`` gave (a missing address book is no error: no markers);
    /// `pictures` draws the cards' photos.
    public convenience init(service: any DirectoryService, snapshots: DirectorySnapshotStore?, contacts: [ContactCard],
                            contactsProblem: String?, busy: BusyTracker, pictures: PictureStore? = nil, now: @escaping () -> Date = Date.init,
                            locale: Locale = .current, timeZone: TimeZone = .current) {
        self.init(service: service, snapshots: snapshots, addressBook: nil, busy: busy, pictures: pictures,
                  now: now, locale: locale, timeZone: timeZone)
        useAddressBook(AddressBookIndex(cards: contacts, problem: contactsProblem))
    }

    /// Creates the source with the address book still being read by `addressBook` (another
    /// thread's work): the source waits for it only once it starts, so no other source's first
    /// frame waits for a big address book.
    public init(service: any DirectoryService, snapshots: DirectorySnapshotStore?, addressBook: Task<AddressBookIndex, Never>?,
                busy: BusyTracker, pictures: PictureStore? = nil, now: @escaping () -> Date = Date.init,
                locale: Locale = .current, timeZone: TimeZone = .current) {
        self.service = service
        self.snapshots = snapshots
        self.addressBookLoad = addressBook
        self.busy = busy
        self.pictures = pictures
        self.now = now
        self.locale = locale
        self.timeZone = timeZone
        pictures?.onChange = { [weak self] in self?.onEvent(.changed) }
    }

    private static let baseColumns = [
        ListColumn("Name", .flexible(min: 12)),
        ListColumn("Email", .flexible(min: 10)),
        ListColumn("Phone", .fixed(16)),
    ]

    /// Name, email and phone; and, while some people are shown from the saved answer, a dim
    /// column before the phone that says so on their rows: in a narrow pane the phone gives
    /// way before the note that the row is old.
    public var columns: [ListColumn] {
        guard !savedPeople.isEmpty, let stamp = lastCompleteStamp else { return Self.baseColumns }
        var columns = Self.baseColumns
        columns.insert(ListColumn("", .fixed(DirectoryDetail.savedNote(stamp).displayWidth), dim: true), at: Self.savedColumn)
        return columns
    }

    /// Where the saved note goes among the row's cells.
    private static let savedColumn = 2

    /// The people shown and whether the network confirmed them: saved data, a list kept
    /// because no city answered, or one with a failed city's saved people in it, is stale.
    public var state: LoadState<[DirectoryEmployee]> {
        if let employees { return .loaded(employees, stale: savedAt != nil || lastFailure != nil || !savedPeople.isEmpty) }
        if refreshTask != nil { return .loading(previous: nil) }
        if let lastFailure { return .failed(lastFailure, previous: nil) }
        return .idle
    }

    public var isLoading: Bool { refreshTask != nil }

    public var status: SourceStatus {
        SourceStatus(isLoading: isLoading, lastUpdated: lastUpdated, items: statusItems, placeholder: placeholder)
    }

    public var placeholder: ListPlaceholder? {
        guard entries.entryCount == 0 else { return nil }
        guard employees != nil else {
            return lastFailure != nil ? .failed(Self.failedText) : .loading("Loading the directory…")
        }
        if let searchTerm { return .empty("No one matches “\(searchTerm)” — Esc clears the search") }
        return .empty("The directory lists no one.")
    }

    public var statusItems: [String] {
        var items: [String] = []
        if let savedAt { items.append("saved data from \(HumanDate.describe(savedAt, now: now(), timeZone: timeZone))") }
        if addressBookLoad != nil {
            items.append("reading contacts")
        } else if contacts.count == 0 {
            items.append(contacts.problem ?? "no contacts")
        } else {
            items.append(contacts.count == 1 ? "1 contact" : "\(contacts.count) contacts")
        }
        return items + SkippedRecordsReport.statusItem(skippedCount)
    }

    public func start() {
        guard !started else { return }
        started = true
        readAddressBook()
        showSaved()
        refresh()
    }

    /// Takes the address book's index from the thread reading it, and marks the rows that
    /// have a card once it is in.
    private func readAddressBook() {
        guard let load = addressBookLoad else { return }
        busy.task { [weak self] in
            let index = await load.value
            guard let self else { return }
            self.addressBookLoad = nil
            self.useAddressBook(index)
            self.rebuildEntries()
            self.onEvent(.changed)
        }
    }

    private func useAddressBook(_ index: AddressBookIndex) {
        contacts = index
        if let problem = index.problem { logger.info("address book: \(problem)") }
    }

    /// Shows the saved list, if there is a usable one, before the network answers; read and
    /// sorted off the main actor, and dropped if the network answered first.
    private func showSaved() {
        guard let snapshots else { return }
        let locale = self.locale
        let read = busy.task { [weak self] in
            let loaded = await Self.readSaved(snapshots)
            guard let self else { return }
            switch loaded {
            case .loaded(let snapshot):
                // What fills in a failed city, even when the network answered first.
                guard self.lastComplete == nil else { return }
                self.lastComplete = snapshot
                self.savedToShow = true
            case .missing:
                return
            case .unusable(let reason):
                self.logger.warning("saved directory unusable: \(reason)")
                self.onEvent(.banner(Self.unusableSaveText, isError: false))
                self.onEvent(.changed)
            }
        }
        savedRead = read
        savedTask = busy.task { [weak self] in
            await read.value
            guard let self, self.savedToShow, let saved = self.lastComplete, self.employees == nil else { return }
            self.savedToShow = false
            let ready = await DirectoryList.prepare(saved, locale: locale)
            ready.list.search.count(in: self.busy)
            // The same answer, its cities held as positions in the list, not arrays of their own;
            // nothing else sets it while the saved list is made (a refresh waits for this task).
            self.lastComplete = ready.saved
            guard self.employees == nil else { return }
            self.show(ready.list)
            self.showsLastComplete = true
            self.savedAt = saved.savedAt
            self.lastUpdated = saved.savedAt
            self.onEvent(.changed)
        }
    }

    @concurrent
    private static func readSaved(_ snapshots: DirectorySnapshotStore) async -> DirectorySnapshotLoad {
        snapshots.load()
    }

    public func refresh() {
        refreshTask?.cancel()
        let task = busy.task { [weak self] in await self?.load() }
        refreshTask = task
        onEvent(.changed)
    }

    private func load() async {
        // At a second start the answer's bodies wait, unread, for the saved file: a body that
        // repeats its city is then compared with it a run at a time and answered with the saved
        // people, so the same 200,000 are never held twice while the saved list is made.
        let savedRead = self.savedRead
        var listings = await service.fetchAll(decodingAfter: { [weak self] url in
            await savedRead?.value
            return await self?.savedRoster(of: url)
        })
        // The saved answer fills in a failed city, so it must be read first.
        await savedRead?.value
        // A newer refresh replaced this one; its answer is the one to show.
        guard !Task.isCancelled else { return }
        for listing in listings {
            SkippedRecordsReport.log(listing.skipped, noun: noun, source: listing.city, logger: logger)
        }
        let skipped = listings.flatMap(\.skipped)
        // An answer that repeats the saved one has the saved list for its list: its own arrays
        // go now, before the saved list is made beside them.
        let repeats = await DirectoryList.repeats(listings, lastComplete)
        if repeats { listings = [] }
        await savedTask?.value
        // The saved list's search index too: the merge beside it would raise a second start's peak.
        await prepared.search.wait()
        guard !Task.isCancelled else { return }
        // Merging and sorting 200,000 people takes longer than a frame: not on the main actor.
        // The listings are handed over, so their arrays go as soon as the list holds the people.
        let (outcome, ready) = if repeats, let saved = lastComplete {
            await DirectoryList.prepare(repeating: saved, shown: showsLastComplete ? prepared : nil, skipped: skipped, locale: locale)
        } else {
            await DirectoryList.prepare(consume listings, saved: lastComplete, savedStamp: lastCompleteStamp ?? "", locale: locale)
        }
        ready?.search.count(in: busy)
        guard !Task.isCancelled else { return }
        for error in outcome.errors {
            logger.warning("directory listing failed: \(error.message) \(error.detail)")
        }
        skippedCount = outcome.skipped.count
        refreshTask = nil
        let date = now()
        if let ready {
            savedPeople = Dictionary(outcome.savedPeople.map { ($0.key.text, $0.value) }, uniquingKeysWith: { first, _ in first })
            show(ready)
            showsLastComplete = outcome.isComplete
            savedAt = nil
            lastFailure = nil
            lastUpdated = date
        } else {
            lastFailure = outcome.errors.first
        }
        if outcome.isComplete, outcome.employees != nil { lastComplete = DirectorySnapshot(cities: outcome.cities, savedAt: date) }
        if let banner = outcome.banner, employees != nil {
            onEvent(.banner(banner, isError: true))
        } else if let notice = SkippedRecordsReport.notice(outcome.skipped, noun: noun) {
            onEvent(notice)
        }
        onEvent(.changed)
        if outcome.isComplete, outcome.employees != nil { await save(outcome.cities, at: date) }
    }

    /// The people the listing at `url` gave in the last complete answer.
    private func savedRoster(of url: URL) -> DirectoryRoster? {
        lastComplete?.cities.first { $0.url == url }?.roster
    }

    /// When the last complete answer was saved, as rows and banners say it ("12:04").
    private var lastCompleteStamp: String? {
        lastComplete.map { DirectoryDetail.savedStamp($0.savedAt, now: now(), timeZone: timeZone) }
    }

    /// Saves off the main actor: the write syncs to disk, which can take a while.
    private func save(_ cities: [DirectorySnapshot.City], at date: Date) async {
        guard let snapshots else { return }
        do {
            try await Task.detached { try snapshots.save(cities, at: date) }.value
        } catch {
            logger.warning("\(error)")
        }
    }

    /// Shows `ready`; its sorted list is the one kept, so the merged one it came from can go.
    private func show(_ ready: DirectoryList) {
        employees = ready.employees
        prepared = ready
        setSearch(searchTerm)
    }

    public func setSearch(_ term: String?) {
        searchTerm = term.searchTerm
        // A header is kept only over rows that matched.
        filter.apply(searchTerm, all: prepared.layout, matching: prepared.matching) { [weak self] in
            self?.rebuildEntries()
            self?.onEvent(.changed)
        }
        rebuildEntries()
        onEvent(.changed)
    }

    /// Rows are made as they are drawn, with the contact marker looked up then.
    private func rebuildEntries() {
        let contacts = self.contacts
        let note = savedPeople.isEmpty ? nil : lastCompleteStamp.map(DirectoryDetail.savedNote)
        let savedPeople = self.savedPeople
        entries = RecordRows(records: prepared.employees, layout: filter.layout) { employee in
            var row = DirectoryDetail.row(for: employee, hasCard: contacts.index.card(firstName: employee.firstName, lastName: employee.lastName) != nil)
            if let note { row.cells.insert(savedPeople[row.id] == nil ? "" : note, at: Self.savedColumn) }
            return row
        }
    }

    func card(for employee: DirectoryEmployee) -> ContactCard? {
        contacts.index.card(firstName: employee.firstName, lastName: employee.lastName)
    }

    /// The person shown under `rowID`.
    func employee(withID rowID: String) -> DirectoryEmployee? {
        prepared.employee(withID: rowID)
    }

    // MARK: - Selection and detail

    /// The detail needs nothing fetched, so the selection starts no work.
    public func detail(for rowID: String) -> [DetailBlock] {
        guard let employee = employee(withID: rowID) else { return [] }
        var blocks = DirectoryDetail.blocks(for: employee, hasCard: card(for: employee) != nil)
        if let city = savedPeople[rowID], let stamp = lastCompleteStamp {
            blocks.insert(.notice("Saved \(stamp): \(city) didn't answer this time", isError: false), at: 1)
        }
        return blocks
    }
}
