import Foundation
import RoloCore
import StandIn
import Testing

/// Every paging style against a stand-in API over real HTTP, each source written in TOML as a
/// user would: every record arrives once, and paging stops where it should.
@Suite("Configured sources against the stand-in")
struct ConfiguredSourceStandInTests {
    /// The ids stored, in order.
    private func ids(_ store: RecordStore) async throws -> [String] {
        try await store.all().map(\.id)
    }

    @Test("page: randomuser's ?page=&results=, which never ends, stops at max_records")
    func page() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let source = try standIn.source("""
                [[sources]]
                name = "randoms"
                url = "\(standIn.base)/randomuser/api/?seed=rolo"
                records = "results"
                id = "login.uuid"
                label = "{name.first} {name.last}"
                columns = [ { title = "Email", value = "{email}" }, { title = "Country", value = "{location.country}" } ]
                image = "{picture.large}"
                thumbnail = "{picture.thumbnail}"
                max_records = 45

                [sources.paging]
                style = "page"
                size_param = "results"
                size = 10
                """)
            let (store, progress) = try await standIn.sync(source)
            let ids = try await ids(store)
            #expect(ids.count == 45 && Set(ids).count == 45)
            #expect(await standIn.server.requestCount("randomuser.page") == 5)
            #expect(progress.last?.finished == true)
        }
    }

    @Test("offset: Pipedrive v1's ?start=&limit=, to its `data: null` past the last page")
    func offset() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let source = try standIn.source("""
                [[sources]]
                name = "crm"
                url = "\(standIn.base)/pipedrive/v1/persons"
                headers = { x-api-token = "${PIPEDRIVE_TOKEN}" }
                records = "data"
                label = "{name}"
                columns = [ { title = "Organisation", value = "{org_name}" }, { title = "Email", value = "{email.0.value}" } ]

                [sources.paging]
                style = "offset"
                param = "start"
                size_param = "limit"
                size = 100
                """)
            let (store, _) = try await standIn.sync(source)
            #expect(try await ids(store) == (1...500).map(String.init))
            // Five full pages, then the empty one that says the list is over.
            #expect(await standIn.server.requestCount("pipedrive.v1") == 6)
        }
    }

    @Test("cursor: Pipedrive v2's ?cursor= from additional_data.next_cursor, to a null cursor")
    func cursor() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let source = try standIn.source("""
                [[sources]]
                name = "crm"
                url = "\(standIn.base)/pipedrive/api/v2/persons"
                headers = { x-api-token = "${PIPEDRIVE_TOKEN}" }
                records = "data"
                label = "{name}"
                columns = [ { title = "Email", value = "{emails.0.value}" } ]

                [sources.paging]
                style = "cursor"
                param = "cursor"
                next = "additional_data.next_cursor"
                size_param = "limit"
                size = 100
                """)
            let (store, _) = try await standIn.sync(source)
            #expect(try await ids(store) == (1...500).map(String.init))
            #expect(await standIn.server.requestCount("pipedrive.v2") == 5)
        }
    }

    @Test("{page} in the path: foods 2025's food/0, food/1 …, to totalCount")
    func pageInPath() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let source = try standIn.source("""
                [[sources]]
                name = "foods2025"
                url = "\(standIn.base)/foods/api/v1/tester/food/{page}"
                records = "foods"
                label = "{name}"
                columns = [ { title = "Country", value = "{countryOfOrigin}" } ]
                image = "{photoURL}"

                [sources.paging]
                style = "page"
                first = 0
                total = "totalCount"
                """)
            let (store, progress) = try await standIn.sync(source)
            let total = try #require(progress.last?.total)
            #expect(total > 20)
            #expect(try await ids(store) == (1...total).map(String.init))
            // No request past the page that brought the total.
            #expect(await standIn.server.requestCount("foods.page") == (total + 9) / 10)
        }
    }

    /// The GitHub organisation's members as the README's example has them.
    static func githubTOML(_ base: String, size: Int = 100) -> String {
        """
        [[sources]]
        name = "team"
        title = "Team"
        url = "\(base)/github/orgs/rolo-stand-in/members"
        headers = { Authorization = "Bearer ${GITHUB_TOKEN}" }
        id = "id"
        label = "{login}"
        columns = [ { title = "Type", value = "{type}", width = 6 } ]
        image = "{avatar_url}"
        thumbnail = "{avatar_url}"
        detail_url = "\(base)/github/users/{login}"
        fields = ["login", "name", "company", "location", "email", "followers"]

        [sources.paging]
        style = "link"
        size_param = "per_page"
        size = \(size)
        """
    }

    @Test("link: GitHub's members, paged by the Link header's rel=\"next\" alone")
    func link() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let (store, _) = try await standIn.sync(try standIn.source(Self.githubTOML(standIn.base)))
            #expect(try await ids(store) == (1001...1230).map(String.init))
            // 100, 100, 30: the last page has no rel="next".
            #expect(await standIn.server.requestCount("github.members") == 3)
        }
    }

    @Test("link: GitHub's rate-limit 403 is waited out until its reset, and paging goes on")
    func linkRateLimited() async throws {
        var options = ConfiguredSourceStandIn.options
        options.orgMembersRateLimitedRequests = 2
        try await ConfiguredSourceStandIn.with(options) { standIn in
            let waits = WaitLog()
            let (store, _) = try await standIn.sync(try standIn.source(Self.githubTOML(standIn.base, size: 50)), waits: waits)
            #expect(try await ids(store) == (1001...1230).map(String.init))
            #expect(waits.values.count == 2 && waits.values.allSatisfy { $0 <= 2 })
            #expect(await standIn.server.requestCount("github.members") == 5 + 2)
        }
    }

    /// The staff directory, grouped by department.
    static func staffTOML(_ base: String, total: Bool = true) -> String {
        """
        [[sources]]
        name = "staff"
        title = "Staff"
        url = "\(base)/staff/api/people/?page_size=20"
        records = "results"
        id = "uuid"
        label = "{name.first} {name.last}"
        columns = [ { title = "Email", value = "{email}" }, { title = "City", value = "{office.city}", width = 10 } ]
        group = "{department}"
        sort = "{name.last}"
        image = "{photo}"
        detail_url = "\(base)/staff/api/people/{uuid}/"

        [sources.paging]
        style = "next-url"
        next = "next"
        \(total ? "total = \"count\"" : "")
        """
    }

    /// The staff directory's ids in the API's order.
    static let staffIDs = (1...95).map { "5ba1f000-0000-4000-8000-" + String(format: "%012d", $0) }

    @Test("next-url: the staff directory's `next` URL, to its count")
    func nextURL() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let (store, progress) = try await standIn.sync(try standIn.source(Self.staffTOML(standIn.base)))
            #expect(try await ids(store) == Self.staffIDs)
            #expect(progress.last?.total == 95)
            #expect(await standIn.server.requestCount("staff.list") == 5)
        }
    }

    @Test("next-url: a last page whose next names itself ends the paging")
    func nextURLLoop() async throws {
        var options = ConfiguredSourceStandIn.options
        options.staffNextLoops = true
        try await ConfiguredSourceStandIn.with(options) { standIn in
            let (store, progress) = try await standIn.sync(try standIn.source(Self.staffTOML(standIn.base, total: false)))
            #expect(try await ids(store) == Self.staffIDs)
            #expect(progress.last?.finished == true)
            #expect(await standIn.server.requestCount("staff.list") == 5)
        }
    }

    @Test("A server failure mid-list keeps the pages before it, and the next run resumes there")
    func resume() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let source = try standIn.source(Self.staffTOML(standIn.base))
            let store = RecordStore(database: try RoloDatabase.inMemory(), source: source)
            let sync = RecordSync(pager: try standIn.pager(source), store: store)
            await #expect(throws: FetchError.self) {
                try await sync.run(refresh: false) { progress in
                    if progress.stored == 40 { await standIn.server.setFailure("staff.list", remaining: 1) }
                }
            }
            #expect(try await store.count() == 40)
            try await sync.run(refresh: false)
            #expect(try await ids(store) == Self.staffIDs)
            // Two pages, the failed third, then the third to the fifth: none fetched twice.
            #expect(await standIn.server.requestCount("staff.list") == 6)
        }
    }
}
