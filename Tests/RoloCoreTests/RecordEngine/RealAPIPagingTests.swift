import Foundation
import RoloCore
import StandIn
import Testing

/// Six more real APIs' paging, as their public docs describe it, served by the stand-in under
/// `/__paging/` over real HTTP on 127.0.0.1: the table `rolo add` writes for each gets every
/// record, an expired page token starts the listing over once (then the list is partial, and
/// `rolo dump` exits 3 with the page, the counts and the API's words), and Elasticsearch pages
/// past its window by `search_after`.
@Suite("Configured sources: Kubernetes, Airtable, Intercom, Salesforce, Elasticsearch and Sentry")
struct RealAPIPagingTests {
    /// The table `rolo add` writes for `path` on the stand-in, and the requests it took.
    private func added(
        _ standIn: ConfiguredSourceStandIn, _ path: String, method: String = "GET", body: String? = nil
    ) async throws -> InferredSource {
        let json = try body.map { try JSONValue.parse(Data($0.utf8)) }
        return try await SourceAdder(
            name: "api", url: standIn.base + path, headers: [], http: standIn.http, environment: [:],
            timeout: ConfiguredSourceStandIn.timeout, method: method, body: json
        ).infer().source
    }

    /// The ids the table `toml` stores when synced whole.
    private func ids(_ toml: String, _ standIn: ConfiguredSourceStandIn) async throws -> [String] {
        let (store, _) = try await standIn.sync(try standIn.source(toml))
        return try await store.all().map(\.id)
    }

    /// What `rolo dump` of `source` writes, one line a record, or the error it ends with.
    private func dump(_ source: RecordSource, _ standIn: ConfiguredSourceStandIn, allowPartial: Bool = false)
        async -> (lines: Int, notices: [String], error: DumpError?) {
        let text = Log<String>()
        let notices = Log<String>()
        let runner = DumpRunner(
            search: nil, fields: nil, offline: false, allowPartial: allowPartial,
            report: DumpReport(notice: { notices.append($0) }, progress: { _ in }))
        var failure: DumpError?
        do {
            try await RecordDump.run(
                source, runner: runner, http: standIn.http, database: try RoloDatabase.inMemory(),
                environment: ConfiguredSourceStandIn.environment, timeout: ConfiguredSourceStandIn.timeout, sleep: { _ in },
                to: DumpSink(format: .jsonl) { text.append($0) })
        } catch let error as DumpError {
            failure = error
        } catch {
            Issue.record("dump failed with \(error)")
        }
        return (text.values.joined().split(separator: "\n").count, notices.values, failure)
    }

    /// The stand-in's pods at `base`, 100 a page, as the man page writes Kubernetes' paging.
    static func kubernetesTOML(_ base: String) -> String {
        """
        [[sources]]
        name = "pods"
        url = "\(base)/__paging/kubernetes/api/v1/namespaces/default/pods?limit=100"
        records = "items"
        id = "metadata.name"
        label = "{metadata.name}"
        [sources.paging]
        style = "cursor"
        param = "continue"
        next = "metadata.continue"
        """
    }

    /// The stand-in's Airtable table at `base`, its string offset sent back as `offset`.
    static func airtableTOML(_ base: String) -> String {
        """
        [[sources]]
        name = "crm"
        url = "\(base)/__paging/airtable/v0/appROLO/People"
        records = "records"
        label = "{fields.Name}"
        [sources.paging]
        style = "cursor"
        param = "offset"
        next = "offset"
        size_param = "pageSize"
        size = 100
        """
    }

    /// Salesforce's contacts by SOQL, 500 a batch, the API at `root` (its `/services/data/…`).
    static func salesforceTOML(_ root: String) -> String {
        """
        [[sources]]
        name = "contacts"
        url = "\(root)/services/data/v59.0/query?q=SELECT+Id,Name,Email+FROM+Contact"
        headers = { Sforce-Query-Options = "batchSize=500" }
        records = "records"
        id = "Id"
        label = "{Name}"
        [sources.paging]
        style = "next-url"
        next = "nextRecordsUrl"
        more = "!done"
        total = "totalSize"
        """
    }

    @Test("Kubernetes: rolo add finds metadata.continue sent back as continue; every pod arrives")
    func kubernetesAdd() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let source = try await added(standIn, "/__paging/kubernetes/api/v1/namespaces/default/pods?limit=100")
            #expect(source.pagingProblem == nil)
            #expect(source.toml.contains("[sources.paging]\nstyle = \"cursor\"\nnext = \"metadata.continue\"\nparam = \"continue\""), "\(source.toml)")
            let pods = try await ids(source.toml, standIn)
            #expect(pods.count == 1_234 && Set(pods).count == 1_234, "\(source.toml)")
        }
    }

    @Test("Kubernetes' 410 for a stale continue: its fresh token goes on; without one the listing starts over once")
    func kubernetesExpired() async throws {
        var options = ConfiguredSourceStandIn.options
        options.kubernetesExpiry = StandInOptions.PageTokenExpiry(page: 4)
        try await ConfiguredSourceStandIn.with(options) { standIn in
            let pods = try await ids(Self.kubernetesTOML(standIn.base), standIn)
            #expect(pods.count == 1_234)
            // 13 pages, and the refused one asked again with the fresh token.
            #expect(await standIn.server.requestCount("kubernetes.pods") == 14)
        }
        options.kubernetesFreshContinue = false
        try await ConfiguredSourceStandIn.with(options) { standIn in
            let ids = try await ids(Self.kubernetesTOML(standIn.base), standIn)
            #expect(ids == (1...1_234).map { "pod-" + String(format: "%05d", $0) }, "each pod once, in order")
            // Four pages, the refusal, then all 13 again.
            #expect(await standIn.server.requestCount("kubernetes.pods") == 4 + 1 + 13)
        }
        options.kubernetesExpiry = StandInOptions.PageTokenExpiry(page: 4, times: 2)
        try await ConfiguredSourceStandIn.with(options) { standIn in
            let (lines, _, error) = await dump(try standIn.source(Self.kubernetesTOML(standIn.base)), standIn)
            #expect(lines == 400)
            #expect(error?.kind == .partial)
            #expect(error?.message.hasPrefix(
                "pods: the list stopped at page 5, with 400 records: The provided continue parameter is too old to display a consistent list result.") == true)
            #expect(error?.message.hasSuffix("(HTTP 410), again after starting the listing over — the list is partial (--allow-partial takes it as it is)") == true)
        }
    }

    @Test("Airtable: the string offset sent back as offset; an expired iterator starts over, twice is partial")
    func airtable() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let source = try await added(standIn, "/__paging/airtable/v0/appROLO/People")
            #expect(source.pagingProblem == nil)
            #expect(source.toml.contains("style = \"cursor\"\nnext = \"offset\"\nparam = \"offset\""), "\(source.toml)")
            #expect(try await ids(source.toml, standIn).count == 345)
        }
        var options = ConfiguredSourceStandIn.options
        options.airtableExpiry = StandInOptions.PageTokenExpiry(page: 2)
        try await ConfiguredSourceStandIn.with(options) { standIn in
            let people = try await ids(Self.airtableTOML(standIn.base), standIn)
            #expect(Set(people).count == 345)
            #expect(await standIn.server.requestCount("airtable.list") == 2 + 1 + 4)
        }
        options.airtableExpiry = StandInOptions.PageTokenExpiry(page: 2, times: 2)
        try await ConfiguredSourceStandIn.with(options) { standIn in
            let (lines, _, error) = await dump(try standIn.source(Self.airtableTOML(standIn.base)), standIn)
            #expect(lines == 200)
            #expect(error == DumpError(.partial, "crm: the list stopped at page 3, with 200 records: LIST_RECORDS_ITERATOR_NOT_AVAILABLE (HTTP 422), again after starting the listing over — the list is partial (--allow-partial takes it as it is)"))
        }
        // The stand-in refuses twice in all: a new one for --allow-partial.
        try await ConfiguredSourceStandIn.with(options) { standIn in
            let allowed = await dump(try standIn.source(Self.airtableTOML(standIn.base)), standIn, allowPartial: true)
            #expect(allowed.lines == 200)
            #expect(allowed.error == nil && allowed.notices.contains { $0.hasPrefix("crm: the list stopped at page 3") }, "\(allowed.notices)")
        }
    }

    @Test("Intercom: the cursor nested in pages.next.starting_after; the total written")
    func intercom() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let source = try await added(standIn, "/__paging/intercom/contacts")
            #expect(source.pagingProblem == nil)
            #expect(source.toml.contains("next = \"pages.next.starting_after\"\nparam = \"starting_after\""), "\(source.toml)")
            #expect(try await ids(source.toml, standIn).count == 120)
        }
    }

    @Test("Salesforce: nextRecordsUrl is a bare path, done is negated, totalSize the total; an expired locator starts over")
    func salesforce() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let source = try await added(standIn, "/__paging/salesforce/services/data/v59.0/query?q=SELECT+Id,Name,Email+FROM+Contact")
            #expect(source.pagingProblem == nil)
            #expect(source.toml.contains("style = \"next-url\"\nnext = \"nextRecordsUrl\"\ntotal = \"totalSize\"\nmore = \"!done\""), "\(source.toml)")
            #expect(try await ids(source.toml, standIn).count == 4_321)
        }
        var options = ConfiguredSourceStandIn.options
        options.salesforceExpiry = StandInOptions.PageTokenExpiry(page: 3)
        try await ConfiguredSourceStandIn.with(options) { standIn in
            let contacts = try await ids(Self.salesforceTOML(standIn.base + "/__paging/salesforce"), standIn)
            #expect(Set(contacts).count == 4_321)
            #expect(await standIn.server.requestCount("salesforce.query") == 2)
        }
    }

    @Test("Elasticsearch: offsets stop at the window, so rolo add refuses the table; search_after gets all 12,000")
    func elasticsearch() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let offsets = try await added(standIn, "/__paging/elasticsearch/people/_search", method: "POST", body: #"{"size": 1000, "query": {"match_all": {}}}"#)
            #expect(offsets.pagingProblem?.hasPrefix("this paging can't reach the total of 12000: the API answered ?from=11999 with 500: Result window is too large") == true,
                    "\(offsets.pagingProblem ?? "none")")
            #expect(offsets.toml.contains("total = \"hits.total.value\""))
            #expect(offsets.toml.contains("[sources.body]\nsize = 1000\nquery = { match_all = {} }"), "the body is written without a cursor too")
            let sorted = try await added(
                standIn, "/__paging/elasticsearch/people/_search", method: "POST", body: #"{"size": 1000, "sort": [{"id": "asc"}]}"#)
            #expect(sorted.pagingProblem == nil)
            #expect(sorted.toml.contains("next = \"hits.hits.-1.sort\""), "\(sorted.toml)")
            let ids = try await ids(sorted.toml, standIn)
            #expect(ids == (1...12_000).map(String.init))
            // The table as a user writes it from the man page, the size in the body.
            let written = try standIn.source(PartialListTests.searchAfterTOML(standIn.base + "/__paging/elasticsearch/people/_search", size: 1000))
            let (store, progress) = try await standIn.sync(written)
            #expect(try await store.count() == 12_000 && progress.last?.shortfall == nil)
        }
    }

    @Test("Elasticsearch by from and size: page 11 is refused with the window's reason; the dump is partial, exit 3")
    func elasticsearchWindow() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let source = try standIn.source("""
                [[sources]]
                name = "es"
                url = "\(standIn.base)/__paging/elasticsearch/people/_search"
                records = "hits.hits"
                id = "_id"
                label = "{_source.name}"
                [sources.paging]
                style = "offset"
                param = "from"
                size_param = "size"
                size = 1000
                total = "hits.total.value"
                """)
            let (lines, _, error) = await dump(source, standIn)
            #expect(lines == 10_000)
            #expect(error == DumpError(.partial, "es: the list stopped at page 11, with 10000 of 12000 records: Result window is too large, from + size must be less than or equal to: [10000] but was [11000]. See the scroll api for a more efficient way to request large data sets. This limit can be set by changin… (HTTP 500) — the list is partial (--allow-partial takes it as it is)"))
        }
    }

    @Test("Sentry: the Link header's next always comes; results=\"false\" ends the list")
    func sentry() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let source = try await added(standIn, "/__paging/sentry/api/0/organizations/rolo/issues/")
            #expect(source.pagingProblem == nil)
            #expect(source.toml.contains("[sources.paging]\nstyle = \"link\""), "\(source.toml)")
            #expect(try await ids(source.toml, standIn) == (1...250).map(String.init))
            #expect(await standIn.server.requestCount("sentry.issues") == 2 + 3, "rolo add's two, then three pages and no fourth")
        }
    }
}
