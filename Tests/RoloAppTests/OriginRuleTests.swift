import Foundation
@testable import RoloApp
@testable import RoloCore
import TerminalUI
import Testing

/// Every request a configured source makes gets its headers exactly when the URL's scheme, host
/// and port are the configured URL's (``Origin``): a page, a `Link` URL, a next URL, a detail,
/// a thumbnail, an image, and a redirect, against URLs that differ from the configured
/// `https://api.example.com` in each way an origin can (or only seem to).
@MainActor
@Suite("One origin rule: which requests of a configured source carry its headers", .temporaryDirectories)
struct OriginRuleTests {
    /// How the URL a request goes to differs from the configured `https://api.example.com`.
    enum Difference: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case same = "same origin"
        case defaultPort = "default port written (:443)"
        case hostCase = "host in capitals"
        case otherPort = "other port (:8443)"
        case otherScheme = "other scheme (http)"
        case otherSchemeSamePort = "other scheme, port 443 (http://…:443)"
        case otherHost = "other host"
        case lookalikeHost = "host that starts alike (api.example.com.evil.test)"

        /// The origin written as a URL would write it.
        var origin: String {
            switch self {
            case .same: "https://api.example.com"
            case .defaultPort: "https://api.example.com:443"
            case .hostCase: "https://API.Example.COM"
            case .otherPort: "https://api.example.com:8443"
            case .otherScheme: "http://api.example.com"
            case .otherSchemeSamePort: "http://api.example.com:443"
            case .otherHost: "https://cdn.example.net"
            case .lookalikeHost: "https://api.example.com.evil.test"
            }
        }

        /// Whether it is the configured URL's origin, whose requests carry the headers.
        var sameOrigin: Bool { [.same, .defaultPort, .hostCase].contains(self) }

        var testDescription: String { rawValue }
    }

    /// The request made to a URL of that origin.
    enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// The list's page, the configured URL itself written with the difference.
        case page
        /// The next page a `Link` header names (`style = "link"`).
        case link
        /// The next page an answer's field names (`style = "next-url"`).
        case next
        /// A record's `detail_url`, from the record's own field.
        case detail
        /// A row's `thumbnail`.
        case thumbnail
        /// The detail's `image`.
        case image
        /// Where a page's 302 sends the client.
        case redirect

        var testDescription: String { rawValue }
    }

    static let token = "tok-SECRET-1"
    static let environment = ["CREW_TOKEN": token, "CREW_TEAM": "42"]
    static let configured = ["Authorization": "Bearer \(token)", "X-Team": "42"]

    @Test("Headers go exactly to the configured URL's origin", arguments: Kind.allCases, Difference.allCases)
    func originRule(kind: Kind, difference: Difference) async throws {
        let target = difference.origin
        let home = kind == .page ? target : Difference.same.origin
        let client = try RecordingHTTPClient { url in Self.answer(url, kind: kind, target: target) }
        let sent: [String: String]?
        switch kind {
        case .page, .link, .next, .redirect:
            let pager = try pager(Self.toml(kind, home: home, target: target), client)
            try await collectPages(pager)
            sent = client.headers(sentTo: Self.path(kind))
        case .detail:
            let pager = try pager(Self.toml(kind, home: home, target: target), client)
            let record = JSONRecord(id: "1", value: try JSONValue.parse(Data(#"{"id": "1", "url": "\#(target)/detail/1"}"#.utf8)))
            _ = try await pager.detail(of: record)
            sent = client.headers(sentTo: Self.path(kind))
        case .thumbnail, .image:
            sent = try await pictureHeaders(kind, home: home, target: target, client: client)
        }
        guard let sent else {
            Issue.record("no request reached \(target)\(Self.path(kind)); asked for \(client.requests.map(\.url.absoluteString))")
            return
        }
        // The page is always at the configured URL, however it is written: always its origin.
        let expected = kind == .page || difference.sameOrigin ? Self.configured : [:]
        #expect(sent == expected, "\(kind.rawValue) at \(target)")
    }

    @Test("A redirect off the origin and back again stays without the headers")
    func redirectAwayAndBack() async throws {
        let client = try RecordingHTTPClient { url in
            switch url.path {
            case "/people": HTTPResponse(status: 302, headers: ["location": "https://cdn.example.net/bounce"], body: Data(), url: url)
            case "/bounce": HTTPResponse(status: 307, headers: ["location": "https://api.example.com/landing"], body: Data(), url: url)
            default: HTTPResponse(status: 200, body: Data(#"[{"id": "1"}]"#.utf8), url: url)
            }
        }
        let pager = try pager(Self.toml(.redirect, home: Difference.same.origin, target: ""), client)
        try await collectPages(pager)
        #expect(client.requests.map(\.url.path) == ["/people", "/bounce", "/landing"])
        #expect(client.requests.map(\.headers) == [Self.configured, [:], [:]])
    }

    // MARK: - Sources and answers

    /// The source's table for `kind`, its list at `home`, as a user writes it.
    private static func toml(_ kind: Kind, home: String, target: String) -> String {
        let paging = switch kind {
        case .page: "[sources.paging]\nstyle = \"page\"\nsize = 2\nsize_param = \"per_page\""
        case .link: "[sources.paging]\nstyle = \"link\""
        case .next: "records = \"items\"\n[sources.paging]\nstyle = \"next-url\"\nnext = \"next\""
        case .detail: "detail_url = \"{url}\""
        case .thumbnail, .image: "thumbnail = \"{thumb}\"\nimage = \"{photo}\""
        case .redirect: ""
        }
        let url = kind == .page ? "\(home)/people?page={page}" : "\(home)/people"
        return """
            [[sources]]
            name = "crew"
            url = "\(url)"
            headers = { Authorization = "Bearer ${CREW_TOKEN}", "X-Team" = "${CREW_TEAM}" }
            label = "{name}"
            \(paging)
            """
    }

    /// The path the request of `kind` goes to on the target origin.
    private static func path(_ kind: Kind) -> String {
        switch kind {
        case .page: "/people"
        case .link, .next: "/second"
        case .detail: "/detail/1"
        case .thumbnail: "/thumb.jpg"
        case .image: "/photo.jpg"
        case .redirect: "/landing"
        }
    }

    /// The answer to `url` for a source of `kind` whose other requests go to `target`.
    private nonisolated static func answer(_ url: URL, kind: Kind, target: String) -> HTTPResponse {
        func json(_ text: String, _ headers: [String: String] = [:]) -> HTTPResponse {
            HTTPResponse(status: 200, headers: headers, body: Data(text.utf8), url: url)
        }
        switch (kind, url.path) {
        case (.link, "/people"): return json(#"[{"id": "1"}]"#, ["link": "<\(target)/second>; rel=\"next\""])
        case (.next, "/people"): return json(#"{"items": [{"id": "1"}], "next": "\#(target)/second"}"#)
        case (.next, "/second"): return json(#"{"items": [{"id": "2"}]}"#)
        case (.thumbnail, "/people"), (.image, "/people"):
            return json(#"[{"id": "1", "name": "Ada", "thumb": "\#(target)/thumb.jpg", "photo": "\#(target)/photo.jpg"}]"#)
        case (.redirect, "/people"): return HTTPResponse(status: 302, headers: ["location": "\(target)/landing"], body: Data(), url: url)
        case (_, "/second"): return json(#"[{"id": "2"}]"#)
        default: return json(#"[{"id": "1"}]"#)
        }
    }

    private func pager(_ toml: String, _ client: RecordingHTTPClient) throws -> RecordPager {
        let source = try CrewSamples.source(toml)
        return RecordPager(
            source: source, endpoint: try source.endpoint(environment: Self.environment), client: client, sleep: { _ in })
    }

    /// Every page of `pager`, fetched and dropped: the requests are what the test reads.
    private nonisolated func collectPages(_ pager: RecordPager) async throws {
        try await pager.run(from: .start(pager.source.paging), page: { _ in })
    }

    /// The headers the thumbnail's or the image's request carried, asked for as the screen asks:
    /// the rows drawn, then the record selected.
    private func pictureHeaders(_ kind: Kind, home: String, target: String, client: RecordingHTTPClient) async throws -> [String: String]? {
        let busy = BusyTracker()
        let folder = try TemporaryDirectory.scoped("rolo-origin")
        let model = RecordListModel(
            source: try CrewSamples.source(Self.toml(kind, home: home, target: target)), database: nil, http: client,
            environment: Self.environment, busy: busy, pictures: PictureStore(pipeline: ImagePipeline(), busy: busy),
            imageLoader: RemoteImageLoader(http: client, cache: ImageDiskCache(directory: folder.path), timeout: 5), sleep: { _ in })
        model.pictureSlotChanged(to: Size(width: 12, height: 6))
        model.start()
        #expect(await model.settled())
        for index in 0..<model.entries.entryCount { _ = model.entries.entry(at: index) }
        model.selectionChanged(to: "1")
        #expect(await model.settled())
        #expect(model.entries.entry(at: 0).row?.thumbnail != nil, "the thumbnail loads, with or without the headers")
        return client.headers(sentTo: Self.path(kind))
    }
}

/// The shared fake answering from `route` (a small JPEG for any `.jpg`), behind redirects followed
/// as the curl client follows them, through ``Redirect/follow(_:status:to:)``; the fake records
/// every request, each redirect's too.
final class RecordingHTTPClient: HTTPClient {
    private let fake = FakeHTTPClient()

    init(route: @escaping @Sendable (URL) -> HTTPResponse) throws {
        let jpeg = try ImageEncoder.jpeg(rgb: [UInt8](repeating: 90, count: 16 * 16 * 3), width: 16, height: 16, quality: 90)
        fake.on(.any) { request in
            guard request.url.pathExtension != "jpg" else { return .respond(200, jpeg) }
            let response = route(request.url)
            return .respond(response.status, response.body, headers: response.headers)
        }
    }

    /// Every request sent, each redirect's too, in order.
    var requests: [HTTPRequest] { fake.requests }

    /// The headers of the request to `path`; nil when none went there.
    func headers(sentTo path: String) -> [String: String]? {
        requests.first { $0.url.path == path }?.headers
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var current = request
        for _ in 0...Redirect.limit {
            let response = try await fake.send(current)
            guard Redirect.statuses.contains(response.status), let location = response.headers["location"],
                  let target = URL(string: location, relativeTo: current.url)?.absoluteURL
            else { return response }
            current = Redirect.follow(current, status: response.status, to: target)
        }
        throw FetchError.tooManyRedirects(request.url, limit: Redirect.limit)
    }
}
