import Foundation
import RoloCore
import StandIn
import Testing

/// Lookups fetched from the stand-in over real HTTP: the staff's departments, Pipedrive's
/// organisations and owners, and `rolo dump` resolving them.
@Suite("Configured sources: lookups against the stand-in")
struct LookupStandInTests {
    /// The staff directory with its departments as a lookup, shown by a source of their own.
    static func staffTOML(_ base: String) -> String {
        """
        [[sources]]
        name = "staff"
        url = "\(base)/staff/api/people/?page_size=50"
        records = "results"
        id = "uuid"
        label = "{name.first} {name.last}"
        columns = [ { title = "Department", value = "{dept.name}" } ]
        fields = ["name.first", "dept.name", "dept.floor"]

        [sources.paging]
        style = "next-url"
        next = "next"

        [[sources.lookups]]
        name = "dept"
        field = "dept_id"
        url = "\(base)/staff/api/departments/"
        records = "results"
        id = "id"
        source = "departments"

        [[sources]]
        name = "departments"
        url = "\(base)/staff/api/departments/"
        records = "results"
        label = "{name}"
        """
    }

    /// Pipedrive's persons (API v2) with the organisation's and the owner's names as lookups,
    /// as rolo ships them (``PipedriveLookups``).
    static func pipedriveTOML(_ base: String, persons: String = "api/v2/persons") -> String {
        """
        [[sources]]
        name = "pipedrive-persons"
        url = "\(base)/pipedrive/\(persons)"
        headers = { x-api-token = "${PIPEDRIVE_TOKEN}" }
        records = "data"
        label = "{name}"
        columns = [ { title = "Organisation", value = "{org.name}" }, { title = "Owner", value = "{owner.name}" } ]

        [sources.paging]
        style = "\(persons.hasPrefix("v1") ? "offset" : "cursor")"
        param = "\(persons.hasPrefix("v1") ? "start" : "cursor")"
        \(persons.hasPrefix("v1") ? "" : "next = \"additional_data.next_cursor\"")
        size_param = "limit"
        size = 100

        \(PipedriveLookups.toml(company: base + "/pipedrive"))
        """
    }

    /// `source`'s list and lookups synced into a database in memory.
    private func synced(_ source: RecordSource, _ standIn: ConfiguredSourceStandIn) async throws -> ([JSONRecord], LookupValues) {
        let (store, _) = try await standIn.sync(source)
        let lookups = LookupStore(beside: store)
        let sync = try LookupSync(
            source: source, store: lookups, client: standIn.http, environment: ConfiguredSourceStandIn.environment,
            timeout: ConfiguredSourceStandIn.timeout, sleep: { _ in })
        let failures = await sync.run()
        #expect(failures.isEmpty, "\(failures)")
        return (try await store.all(), try await lookups.values())
    }

    @Test("Each person's dept_id finds their department: the column shows its name, as the person's own department says")
    func staffDepartments() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let source = try standIn.source(Self.staffTOML(standIn.base))
            let (records, lookups) = try await synced(source, standIn)
            #expect(records.count == 95 && lookups.records["dept"]?.count == 6)
            for record in records {
                let shown = source.columns[0].value.render(record.value, lookups: lookups)
                #expect(shown == (record.value["department"]?.text ?? ""), "\(record.id)")
            }
            #expect(await standIn.server.requestCount("staff.departments") == 1)
        }
    }

    @Test("Pipedrive v1's persons name their organisation and owner in the record: the lookups find the same names, a deleted organisation its raw id")
    func pipedriveAgainstV1Names() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let source = try standIn.source(Self.pipedriveTOML(standIn.base, persons: "v1/persons"))
            let (records, lookups) = try await synced(source, standIn)
            #expect(records.count == 500)
            var deleted = 0
            for record in records {
                let row = source.columns.map { $0.value.render(record.value, lookups: lookups) }
                let owner = record.value.value(at: JSONPath("owner_id.name"))?.text
                #expect(row[1] == owner, "\(record.id)")
                guard let org = record.value["org_id"], org != .null else { continue }
                if org["active_flag"] == .bool(false) {
                    deleted += 1
                    #expect(row[0] == org["value"]?.text, "a deleted organisation isn't listed: its raw id shows")
                } else {
                    #expect(row[0] == org["name"]?.text, "\(record.id)")
                }
            }
            #expect(deleted > 0)
        }
    }

    @Test("Pipedrive v2's persons name their organisation and owner by id alone: the TOML of the report parses and resolves them")
    func pipedriveV2() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let source = try standIn.source(Self.pipedriveTOML(standIn.base))
            #expect(source.lookups.map(\.name) == ["org", "owner"])
            let (records, lookups) = try await synced(source, standIn)
            let first = try #require(records.first)
            let row = source.columns.map { $0.value.render(first.value, lookups: lookups) }
            #expect(row[0] == lookups.records["org"]?[first.value["org_id"]?.text ?? ""]?["name"]?.text && !row[0].isEmpty)
            #expect(["Olive Owner", "Mart Müüja", "Sales Bot"].contains(row[1]))
        }
    }

    @Test("rolo dump resolves lookups in the columns and fields; --offline reads the stored ones")
    func dump() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let source = try standIn.source(Self.staffTOML(standIn.base))
            let database = try RoloDatabase.inMemory()
            func run(offline: Bool) async throws -> [String] {
                let text = Log<String>()
                let runner = DumpRunner(
                    search: nil, fields: nil, offline: offline, limit: nil, allowPartial: false,
                    report: DumpReport(notice: { _ in }, progress: { _ in }))
                try await RecordDump.run(
                    source, runner: runner, http: standIn.http, database: database, environment: ConfiguredSourceStandIn.environment,
                    timeout: ConfiguredSourceStandIn.timeout, sleep: { _ in }, to: DumpSink(format: .tsv) { text.append($0) })
                return text.values.joined().split(separator: "\n").map(String.init)
            }
            let rows = try await run(offline: false)
            #expect(rows.first == "id\tlabel\tdepartment\tname_first\tdept_name\tdept_floor")
            #expect(rows.count == 96)
            let second = rows[1].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            #expect(StaffDepartments.names.contains(second[2]) && second[2] == second[4] && Int(second[5]) != nil, "\(rows[1])")
            #expect(try await run(offline: true) == rows)
            #expect(await standIn.server.requestCount("staff.departments") == 1, "--offline asks no server")
        }
    }
}

/// The stand-in's department names.
private enum StaffDepartments {
    static let names = ["Engineering", "Sales", "Support", "Finance", "People", "Design"]
}
