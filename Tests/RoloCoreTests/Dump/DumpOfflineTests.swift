import Foundation
import RoloCore
import StandIn
import Testing

/// What a dump does without its server: stored data with a notice, or one clear error.
@Suite("rolo dump offline, unreachable and refused")
struct DumpOfflineTests {
    @Test("--offline dumps what the stored sources keep, the same records as online, and says so")
    func offlineFromStore() async throws {
        try await DumpStandIn.with { standIn in
            for source in [SourceID.directory, .randomuser, .pipedrive] {
                let online = try await standIn.dump(source, .jsonl)
                let offline = try await standIn.dump(source, .jsonl, offline: true)
                #expect(offline == online, "\(source)")
                #expect(standIn.notices.count == 1, "\(source): \(standIn.notices)")
                #expect(standIn.notices.first?.hasPrefix("\(source.rawValue): --offline — dumping the ") == true, "\(standIn.notices)")
            }
            #expect(standIn.notices.first?.contains("list saved 20") == false)
        }
    }

    @Test("--offline says a list is not whole only when a first listing stopped, not when a refresh did")
    func partialNotice() async throws {
        try await DumpStandIn.with { standIn in
            _ = try await standIn.dump(.pipedrive, .jsonl)
            let store = try PipedriveAccount(storedIn: RoloDatabase(dataDirectory: standIn.data.path)).store
            let first = try await store.records(0..<20)
            var next = PagingPosition.start(store.source.paging)
            (next.cursor, next.received) = ("page-2", 20)

            // A refresh stopped after its first page: the stored list stays whole until it ends.
            next.pass = SyncPass(kind: .full, generation: 99)
            try await store.merge(RecordPage(records: first, next: next), pass: SyncPass(kind: .full, generation: 99), after: 0)
            #expect(try await store.state()?.refreshing == true)
            _ = try await standIn.dump(.pipedrive, .jsonl, offline: true)
            let whole = try #require(standIn.notices.first)
            #expect(whole.hasPrefix("pipedrive: --offline — dumping the 40 persons stored 20"), "\(whole)")
            #expect(!whole.contains("not the whole"), "\(whole)")

            // A first listing stopped after its first page: only that page is stored.
            next.pass = SyncPass(kind: .fill, generation: 100)
            try await store.append(RecordPage(records: first, next: next), replacing: true)
            _ = try await standIn.dump(.pipedrive, .jsonl, offline: true)
            let partial = try #require(standIn.notices.first)
            #expect(partial.hasPrefix("pipedrive: --offline — dumping the 20 persons stored 20"), "\(partial)")
            #expect(partial.hasSuffix(" (not the whole account)"), "\(partial)")
        }
    }

    @Test("--offline over a store with a damaged page: it is moved aside and rebuilt, and what read is dumped")
    func offlineDamaged() async throws {
        var options = DumpStandIn.options
        options.pipedrivePersons = 400
        try await DumpStandIn.with(options) { standIn in
            let online = try await standIn.dump(.pipedrive, .jsonl).split(separator: "\n")
            #expect(online.count == 400)
            let path = standIn.data.path + "/rolo.sqlite"
            try RoloDatabase(path: path).checkpointAtExit()
            let leaves = try DamagedPages.pages(of: "custom_record", in: path)
            #expect(leaves.count > 4)
            try DamagedPages.overwrite(page: leaves[leaves.count / 2], of: path)

            let offline = try await standIn.dump(.pipedrive, .jsonl, offline: true).split(separator: "\n")
            #expect(offline.count > 200 && offline.count < 400, "\(offline.count) of 400")
            #expect(Set(offline).isSubset(of: Set(online)), "only whole persons, as stored")
            let names = try FileManager.default.contentsOfDirectory(atPath: standIn.data.path)
            #expect(names.contains { $0.hasPrefix("rolo.sqlite.damaged-") }, "\(names)")
            #expect(!standIn.notices.joined().contains("pipedrive.refresh") && !standIn.notices.joined().contains("malformed"))
        }
    }

    @Test("--offline with nothing stored is an error for every source, and asks no server")
    func offlineNothingStored() async throws {
        try await DumpStandIn.with { standIn in
            for source in SourceID.allCases {
                let error = await #expect(throws: DumpError.self, "\(source)") {
                    try await standIn.dump(source, .json, offline: true)
                }
                #expect(error?.kind == .unavailable)
                #expect(error?.message.hasPrefix("\(source.rawValue): ") == true)
            }
            for route in ["people.list", "directory.tallinn", "foods.list", "randomuser.page", "pipedrive.v2"] {
                #expect(await standIn.server.requestCount(route) == 0, "\(route)")
            }
        }
    }

    @Test("The server gone: stored sources dump what they stored with a notice; the others fail in one line")
    func unreachable() async throws {
        let standIn = try await DumpStandIn()
        var online: [SourceID: String] = [:]
        for source in [SourceID.directory, .randomuser, .pipedrive] {
            online[source] = try await standIn.dump(source, .csv)
        }
        await standIn.stop()

        for source in [SourceID.directory, .pipedrive] {
            let text = try await standIn.dump(source, .csv, timeout: 3)
            #expect(text == online[source], "\(source)")
            let notice = try #require(standIn.notices.first, "\(source)")
            #expect(Self.isGone(notice, source), "\(notice)")
            #expect(notice.contains(" — dumping the "), "\(notice)")
            #expect(!notice.contains("r to retry"), "a script can't press r: \(notice)")
        }
        // randomuser asks no server while it has persons stored, like the browser.
        #expect(try await standIn.dump(.randomuser, .csv, timeout: 3) == online[.randomuser])
        #expect(standIn.notices.isEmpty)

        for source in [SourceID.people, .foods] {
            let error = await #expect(throws: DumpError.self) { try await standIn.dump(source, .csv, timeout: 3) }
            #expect(error.map { Self.isGone($0.message, source) } == true, "\(String(describing: error))")
            #expect(error?.message.contains("r to retry") == false, "\(String(describing: error))")
        }
    }

    /// A stopped stand-in refuses connections, or (its socket left accepting) never answers.
    private static func isGone(_ message: String, _ source: SourceID) -> Bool {
        message.hasPrefix("\(source.rawValue): Can't reach 127.0.0.1:")
            || (message.hasPrefix("\(source.rawValue): 127.0.0.1:") && message.contains("didn't answer within 3 s"))
    }

    @Test("A refused Pipedrive token fails even with persons stored, and the token is in no message")
    func refusedToken() async throws {
        try await DumpStandIn.with { standIn in
            _ = try await standIn.dump(.pipedrive, .json)
            let token = "wrong-token-dump-7c1e"
            let error = await #expect(throws: DumpError.self) { try await standIn.dump(.pipedrive, .json, token: token) }
            #expect(error?.message == "pipedrive: Pipedrive refused the API token — check PIPEDRIVE_API_TOKEN")
            #expect(error?.kind == .unavailable)
            #expect(!standIn.notices.joined().contains(token))
        }
    }

    @Test("A directory city down: the other city's people with a notice naming it, and the partial list isn't saved")
    func cityDown() async throws {
        var options = DumpStandIn.options
        options.directoryModes = ["tartu": .fail]
        try await DumpStandIn.with(options) { standIn in
            let text = try await standIn.dump(.directory, .jsonl)
            #expect(!text.isEmpty)
            #expect(standIn.notices == ["directory: Tartu didn't load — showing Tallinn only"])
            let error = await #expect(throws: DumpError.self) { try await standIn.dump(.directory, .jsonl, offline: true) }
            #expect(error?.message == "directory: --offline, and no list is saved yet")
        }
    }

    @Test("--search keeps the records the list's / would show")
    func search() async throws {
        try await DumpStandIn.with { standIn in
            let all = try await standIn.dump(.pipedrive, .jsonl, fields: "name,email,organization")
            let found = try await standIn.dump(.pipedrive, .jsonl, search: "  example  ", fields: "name,email,organization")
            let expected = all.split(separator: "\n").filter { $0.lowercased().contains("example") }
            #expect(!expected.isEmpty)
            #expect(found.split(separator: "\n") == expected)
            let nobody = try await standIn.dump(.directory, .json, search: "no such person at all")
            #expect(nobody == "[]\n")
            #expect(try await standIn.dump(.directory, .csv, search: "no such person at all") == "name,first_name,last_name,email,phone,position,projects,contact\r\n")
        }
    }

    @Test("An unknown field fails before any request, naming the source's fields")
    func unknownField() async throws {
        try await DumpStandIn.with { standIn in
            let error = await #expect(throws: DumpError.self) { try await standIn.dump(.people, .csv, fields: "name,emial") }
            #expect(error?.kind == .usage)
            #expect(error?.message == "people has no field 'emial' — its fields are id, name, first_name, last_name, gender, birth_date")
            #expect(await standIn.server.requestCount("people.list") == 0)
        }
    }
}
