import Foundation
@testable import RoloApp
import RoloCore
import TerminalUI
import Testing

/// A crew API in memory, as a configured source sees it over HTTP: `?page=&per_page=` pages of
/// `{"items": […], "total": N}`, each person at `/people/<id>`, avatars at `img.test`. It counts
/// requests, records how many were in flight at once, can hold the next list requests until
/// the test lets them go, and can fail them.
actor FakeCrewAPI: HTTPClient {
    private(set) var count: Int
    private var tag: String
    private(set) var listRequests = 0
    private(set) var detailRequests: [String] = []
    private(set) var imageRequests: [String] = []
    private(set) var mostInFlight = 0
    /// The most detail requests in flight at once.
    private(set) var mostDetailsInFlight = 0
    private var detailsInFlight = 0
    private var inFlight = 0
    private var failures: [FetchError] = []
    private let held = HeldRequests()
    private var toHold = 0
    private var limited: (count: Int, retryAfter: Int) = (0, 0)
    private var visible: Int?
    let jpeg: Data

    init(count: Int, tag: String = "") throws {
        self.count = count
        self.tag = tag
        jpeg = try ImageEncoder.jpeg(rgb: [UInt8](repeating: 90, count: 16 * 16 * 3), width: 16, height: 16, quality: 90)
    }

    /// The next list requests fail with these, in turn.
    func fail(_ errors: FetchError...) { failures += errors }
    /// Answers the next `count` list requests with a 429 asking for `retryAfter` seconds.
    func limit(_ count: Int, retryAfter: Int) { limited = (count, retryAfter) }
    /// Lists only the first `count` persons while `total` still counts them all, as an API
    /// hiding what the token may not see.
    func hide(after count: Int) { visible = count }
    /// Holds the next `count` list requests until ``release()``.
    func hold(_ count: Int = 1) { toHold += count }
    /// Lets the oldest held request go on, waiting (bounded) for one to be made.
    func release(sourceLocation: SourceLocation = #_sourceLocation) async { await held.release(sourceLocation: sourceLocation) }
    var heldCount: Int { held.count }
    /// From now on the crew is `count` persons named with `tag`, as after a change on the server.
    func replace(count: Int, tag: String) {
        self.count = count
        self.tag = tag
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let url = request.url
        if url.host == "img.test" {
            imageRequests.append(url.lastPathComponent)
            return HTTPResponse(status: 200, body: jpeg, url: url)
        }
        if url.path.hasPrefix("/people/") {
            let id = url.lastPathComponent
            detailRequests.append(id)
            detailsInFlight += 1
            mostDetailsInFlight = max(mostDetailsInFlight, detailsInFlight)
            defer { detailsInFlight -= 1 }
            // A server's moment, in which the next requests come in.
            try await Task.sleep(for: .milliseconds(2))
            guard let number = Int(id), number >= 1, number <= count else { return HTTPResponse(status: 404, body: Data(), url: url) }
            return HTTPResponse(status: 200, body: Data(CrewSamples.person(number, tag: tag, full: true).utf8), url: url)
        }
        listRequests += 1
        inFlight += 1
        mostInFlight = max(mostInFlight, inFlight)
        defer { inFlight -= 1 }
        if toHold > 0 {
            toHold -= 1
            await held.hold()
        }
        if let failure = failures.popFirst() { throw failure }
        if limited.count > 0 {
            limited.count -= 1
            return HTTPResponse(status: 429, headers: ["retry-after": String(limited.retryAfter)], body: Data(), url: url)
        }
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let page = query.first { $0.name == "page" }.flatMap { $0.value.flatMap(Int.init) } ?? 1
        let size = query.first { $0.name == "per_page" }.flatMap { $0.value.flatMap(Int.init) } ?? 10
        let start = (page - 1) * size
        let shown = min(count, visible ?? count)
        let numbers = start < shown ? Array(start + 1...min(shown, start + size)) : []
        let items = numbers.map { CrewSamples.person($0, tag: tag, full: false) }.joined(separator: ",")
        return HTTPResponse(status: 200, body: Data(#"{"items": [\#(items)], "total": \#(count)}"#.utf8), url: url)
    }
}

enum CrewSamples {
    static let firstNames = ["Ada", "Grace", "Linus", "Barbara", "Alan"]
    static let lastNames = ["Lovelace", "Hopper", "Torvalds", "Liskov", "Turing"]

    /// Person `n`: in team A or B, with an email and (but every 4th) a phone, an avatar for odd
    /// ones; in `full`, a bio too.
    static func person(_ n: Int, tag: String, full: Bool) -> String {
        let first = firstNames[n % 5] + tag, last = lastNames[(n / 5) % 5]
        var fields = [
            #""id": \#(n)"#, #""first": "\#(first)""#, #""last": "\#(last)""#,
            #""email": "\#(first.lowercased()).\#(n)@crew.test""#, #""team": "\#(n % 2 == 0 ? "B" : "A")""#,
        ]
        if n % 4 != 0 { fields.append(#""phone": "+372 555 \#(1000 + n)""#) }
        if n % 2 == 1 { fields.append(#""avatar": "https://img.test/\#(n).jpg""#) }
        if full { fields.append(#""bio": "Crew member \#(n)""#) }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    static let unreachable = FetchError(
        kind: .unreachable, endpoint: "crew.test", message: "Can't reach crew.test — r to retry", detail: "refused")

    /// The crew source as a user writes it, with `extra` lines in its table.
    static func toml(_ extra: String = "") -> String {
        """
        [[sources]]
        name = "crew"
        title = "Crew"
        url = "https://crew.test/people"
        records = "items"
        label = "{first} {last}"
        columns = [ { title = "Email", value = "{email}" }, { title = "Team", value = "{team}", width = 6 } ]
        image = "{avatar}"
        thumbnail = "{avatar}"
        detail_url = "https://crew.test/people/{id}"
        \(extra)

        [sources.paging]
        style = "page"
        size_param = "per_page"
        size = 10
        total = "total"
        """
    }

    /// The one source of the config file `toml`, read as rolo reads its config file.
    static func source(_ toml: String, environment: [String: String] = [:]) throws -> RecordSource {
        try settings(toml, environment: environment).configuredSources.sources[0]
    }

    /// The settings of the config file `toml`.
    static func settings(_ toml: String, environment: [String: String] = [:]) throws -> Settings {
        try Settings.loaded(fromConfig: toml, environment: environment)
    }
}

/// A crew source over `api`, at `Sample.today` in Tallinn time, with pictures when `pictures`.
@MainActor
func makeCrew(
    _ api: FakeCrewAPI, toml: String = CrewSamples.toml(), database: RoloDatabase?, pictures: Bool = false,
    busy: BusyTracker = BusyTracker(), environment: [String: String] = [:],
    sleep: @escaping RecordPager.Sleep = { _ in }
) throws -> RecordListModel {
    var store: PictureStore?
    var loader: RemoteImageLoader?
    if pictures {
        store = PictureStore(pipeline: ImagePipeline(), busy: busy)
        loader = RemoteImageLoader(http: api, cache: ImageDiskCache(directory: try TemporaryDirectory.scopedPath("rolo-crew")), timeout: 5)
    }
    return RecordListModel(
        source: try CrewSamples.source(toml, environment: environment), database: database, http: api, environment: environment,
        busy: busy, pictures: store, imageLoader: loader, sleep: sleep, now: { Sample.today }, locale: Locale(identifier: "en"),
        timeZone: Sample.zone)
}

/// A screen of the configured source `model` at `size`, started, once its first load settled.
@MainActor
func crewScreen(_ model: RecordListModel, size: Size) async -> ScreenController {
    let controller = ScreenController(sources: [model], size: size, busy: model.busy, now: { Sample.today }, timeZone: Sample.zone)
    controller.start()
    #expect(await model.settled())
    return controller
}

extension RecordListModel {
    /// The ids of the rows shown, in order.
    var rowIDs: [String] {
        (0..<entries.entryCount).compactMap { entries.entry(at: $0).row?.id }
    }

    /// The headers shown, in order.
    var headers: [String] {
        (0..<entries.entryCount).compactMap {
            if case .header(let title) = entries.entry(at: $0) { return title }
            return nil
        }
    }

    /// Waits until the sync, the layout and any search have ended.
    func settled() async -> Bool {
        await settle({ self.busy.isIdle && !self.isLoading && self.arrangeTask == nil }, limit: 200_000)
    }
}
