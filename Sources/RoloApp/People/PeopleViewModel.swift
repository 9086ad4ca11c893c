import Foundation
import Logging
import RoloCore
import TerminalUI

/// The `people` source: the ME employees server's list, each employee's detail and its health.
@MainActor
public final class PeopleViewModel: SourceModel, FollowsSelection, DetailPictures, RowThumbnails, CopyableValues {
    public let id = PeopleSource.id
    public let listTitle = "Employees"
    public let noun = (singular: "employee", plural: "employees")
    public var onEvent: (SourceEvent) -> Void = { _ in }

    public private(set) var state: LoadState<[Employee]> = .idle
    public private(set) var health: HealthState = .unknown
    public private(set) var lastUpdated: Date?
    public private(set) var searchTerm: String?
    public private(set) var entries: any ListEntrySource = [ListEntry]()
    /// The user's `[[actions]]` for this source, and what runs them.
    public var recordActions: [RecordAction] = []
    public let actionState = ActionState()

    /// What the status line says about the server.
    public enum HealthState: Sendable, Equatable {
        case unknown, ok, unhealthy(String), unreachable
    }

    private let service: any PeopleService
    private let busy: BusyTracker
    /// Decoded and rendered pictures; nil when images are off or the terminal can't show them.
    private let pictures: PictureStore?
    private var pictureSlot = Size(width: 40, height: 20)
    private var selectedID: Int?
    /// Changes with every loaded list, so a picture key never names an older list's image.
    private var generation = 0
    public var showsThumbnails = true {
        didSet { rebuildEntries() }
    }
    private let clock: any Clock<Duration>
    private let now: () -> Date
    private let logger = Logger(label: "rolo.people")
    private var details: [Int: LoadState<Employee>] = [:]
    private var refreshTask: Task<Void, Never>?
    private var detailTask: Task<Void, Never>?
    private var started = false
    /// How many employees the last list left out because they couldn't be read.
    private var skippedCount = 0
    /// The list's rows, ids and search text, worked out off the main actor with each list.
    private var prepared = PeopleList.empty
    /// The rows shown: every employee, or the search's matches.
    private lazy var filter = ListFilter(busy: busy)

    /// How long the selection must rest on a row before its detail is requested, so a fast
    /// scroll does not send a request per row passed.
    static let detailDelay = Duration.milliseconds(120)

    public init(service: any PeopleService, busy: BusyTracker, pictures: PictureStore? = nil,
                clock: any Clock<Duration> = ContinuousClock(), now: @escaping () -> Date = Date.init) {
        self.service = service
        self.busy = busy
        self.pictures = pictures
        self.clock = clock
        self.now = now
        pictures?.onChange = { [weak self] in
            self?.rebuildEntries()
            self?.onEvent(.changed)
        }
    }

    public var canShowThumbnails: Bool { pictures != nil }

    public let columns = [
        ListColumn("Name", .flexible(min: 12)),
        ListColumn("Gender", .fixed(7)),
        ListColumn("Born", .fixed(17)),
    ]

    public var isLoading: Bool { state.isLoading || detailTask != nil }

    public var status: SourceStatus {
        SourceStatus(isLoading: isLoading, lastUpdated: lastUpdated, items: statusItems, placeholder: placeholder)
    }

    public var placeholder: ListPlaceholder? {
        guard entries.entryCount == 0 else { return nil }
        switch state {
        case .idle, .loading(nil): return .loading("Loading employees…")
        case .failed(let error, nil): return .failed("Couldn't load employees. \(error.message)")
        default:
            if let searchTerm { return .empty("No employee matches “\(searchTerm)” — Esc clears the search") }
            return .empty("The server has no employees.")
        }
    }

    public var statusItems: [String] {
        let server: [String]
        switch health {
        case .unknown: server = []
        case .ok: server = ["server ok"]
        case .unhealthy(let text): server = ["server says: \(text)"]
        case .unreachable: server = ["server unreachable"]
        }
        return server + SkippedRecordsReport.statusItem(skippedCount)
    }

    public func start() {
        guard !started else { return }
        started = true
        refresh()
    }

    public func refresh() {
        refreshTask?.cancel()
        pictures?.retryFailed()
        state = .loading(previous: state.value)
        details.removeAll()
        onEvent(.changed)
        refreshTask = busy.task { [weak self] in await self?.load() }
    }

    private func load() async {
        let service = self.service
        // Health is asked beside the list, not before it: it only feeds the status line.
        async let checkedHealth = try? service.health()
        let listResult: Result<DecodedList<Employee>, any Error>
        do {
            listResult = .success(try await service.employees())
        } catch {
            listResult = .failure(error)
        }
        let checked = await checkedHealth
        guard !Task.isCancelled else { return }
        switch checked {
        case .ok: health = .ok
        case .unhealthy(let text): health = .unhealthy(text)
        case nil: health = .unreachable
        }
        if case .success(let list) = listResult {
            // Ids, the row index and search text for 200,000 employees: not on the main actor.
            let ready = await PeopleList.prepare(list.records)
            ready.search.count(in: busy)
            guard !Task.isCancelled else { return }
            prepared = ready
        }
        switch listResult {
        case .success(let list):
            state = .loaded(list.records, stale: false)
            skippedCount = list.skipped.count
            // Before the rows change: the selected row's thumbnail is asked for under the new
            // generation only, not once under the old one and again.
            generation += 1
            pictures?.removeAll()
            setSearch(searchTerm)
            if let notice = SkippedRecordsReport.report(list.skipped, noun: noun, logger: logger) { onEvent(notice) }
            lastUpdated = now()
            requestPhoto()
        case .failure(let error):
            let fetchError = FetchError.wrap(error)
            guard fetchError.kind != .cancelled else { return }
            logger.warning("employee list failed: \(fetchError.detail)")
            state = .failed(fetchError, previous: state.value)
            if state.value != nil { onEvent(.banner(fetchError.message, isError: true)) }
        }
        rebuildEntries()
        refreshTask = nil
        onEvent(.changed)
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

    /// Rows are made as they are drawn, so a picture that arrives costs nothing here, and only
    /// the thumbnails of rows on screen are asked for.
    private func rebuildEntries() {
        entries = RecordRows(records: prepared.employees, layout: filter.layout) { [weak self] employee in
            var row = Self.row(for: employee)
            row.thumbnail = self?.thumbnail(of: employee)
            return row
        }
    }

    /// The employee with `id` in the list shown, found through the row index.
    private func listed(_ id: Int) -> Employee? {
        prepared.layout.position(ofRowID: String(id)).map { prepared.employees[$0] }
    }

    static func row(for employee: Employee) -> ListRow {
        ListRow(id: String(employee.id), cells: [employee.fullName, employee.gender, employee.birthDate.display])
    }

    /// Rows of a thumbnail: the screen's taller rows are three lines.
    static let thumbnailSize = Size(width: 6, height: 3)

    /// The employee's thumbnail when ready, asking for it the first time.
    private func thumbnail(of employee: Employee) -> CellImage? {
        guard showsThumbnails, let pictures, case .bytes(let data) = employee.thumbImage else { return nil }
        let size = Self.thumbnailSize
        let state = pictures.picture("people/\(generation)/\(employee.id)/thumb", columns: size.width, rows: size.height) { _ in data }
        if case .ready(let image) = state { return image }
        return nil
    }

    private func photoKey(_ id: Int) -> String { "people/\(generation)/\(id)/photo" }

    /// Asks for the selected employee's photo at the current slot size, once its bytes are known.
    private func requestPhoto() {
        guard let pictures, let id = selectedID else { return }
        guard case .bytes(let data) = (details[id]?.value ?? listed(id))?.image else { return }
        pictures.picture(photoKey(id), columns: pictureSlot.width, rows: pictureSlot.height) { _ in data }
    }

    public func pictureSlotChanged(to slot: Size) {
        guard slot != pictureSlot else { return }
        pictureSlot = slot
        requestPhoto()
    }

    // MARK: - Detail

    public func selectionChanged(to rowID: String?) {
        detailTask?.cancel()
        detailTask = nil
        selectedID = rowID.flatMap(Int.init)
        // A fast scroll never queues stale decodes: only the selected photo's work goes on.
        let keep = selectedID.map(photoKey)
        pictures?.cancel { $0.hasSuffix("/thumb") || $0 == keep }
        requestPhoto()
        guard let rowID, let id = Int(rowID) else { return }
        if case .loaded = details[id] { return }
        if case .loading = details[id] { details[id] = nil }
        let clock = self.clock
        detailTask = busy.task { [weak self] in
            do {
                try await clock.sleep(for: Self.detailDelay)
            } catch {
                return
            }
            await self?.loadDetail(id)
        }
        onEvent(.changed)
    }

    private func loadDetail(_ id: Int) async {
        details[id] = .loading(previous: details[id]?.value)
        onEvent(.changed)
        do {
            let employee = try await service.employee(id: id)
            guard !Task.isCancelled else { return }
            details[id] = .loaded(employee, stale: false)
            requestPhoto()
        } catch {
            let fetchError = FetchError.wrap(error)
            if fetchError.kind == .cancelled || Task.isCancelled {
                details[id] = nil
                return
            }
            logger.warning("employee \(id) failed: \(fetchError.detail)")
            details[id] = .failed(fetchError, previous: details[id]?.value)
        }
        detailTask = nil
        onEvent(.changed)
    }

    public func detail(for rowID: String) -> [DetailBlock] {
        guard let id = Int(rowID), let summary = listed(id) else { return [] }
        let fetched = details[id]
        let employee = fetched?.value ?? summary
        var blocks = PeopleDetail.blocks(for: employee, today: now(), picture: picture(for: employee, fetched: fetched))
        switch fetched {
        case .none, .idle, .loading:
            blocks.append(.notice("Loading the full record…", isError: false))
        case .failed(let error, _):
            blocks.append(.notice("Couldn't load the full record: \(error.message)", isError: true))
        case .loaded:
            break
        }
        return blocks
    }
}

extension PeopleViewModel {
    /// The detail's picture: the photo when ready, else a badge that says why there is none.
    private func picture(for employee: Employee, fetched: LoadState<Employee>?) -> Picture {
        var picture = Picture(initials: Picture.initials(of: employee.fullName), colorSeed: employee.id)
        let detailPending: Bool = { if case .loaded = fetched { return false } else { return true } }()
        switch employee.image {
        case .invalid(let reason):
            picture.caption = "photo can't be shown: \(reason)"
        case .absent:
            // The list may leave the photo out; the full record may still bring one.
            if detailPending && pictures != nil { picture.slot = pictureSlot }
        case .bytes:
            guard let pictures else { break }
            picture.show(pictures.state(photoKey(employee.id), columns: pictureSlot.width, rows: pictureSlot.height), in: pictureSlot)
        }
        return picture
    }
}
