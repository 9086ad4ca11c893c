import Foundation
import Logging
import RoloCore
import StandIn
import Testing

extension EndToEnd {
    /// `rolo dump NAME --query` as a script runs it: the real binary against the stand-in's staff
    /// and their departments (a lookup) over HTTP.
    @Suite("rolo dump --query: a configured source's records the query matches, in its order", .serialized, .temporaryDirectories)
    struct QueryDumpEndToEndTests {
        @Test("A column's field through a lookup, its negation and a sort; a typo and an open phrase exit 2 with the sentence")
        func query() async throws {
            let home = try TemporaryDirectory.scopedPath("rolo-query-e2e")
            let server = try await StandInServer.start(StandInOptions(), logger: Logger(label: "test.stand-in") { _ in SwiftLogNoOpLogHandler() })
            let base = server.baseURL.absoluteString
            let config = home + "/config.toml"
            // The man page's staff, and a view of them kept in the config file.
            try (LookupsEndToEndTests.config(base).replacingOccurrences(of: "[[sources]]\nname = \"departments\"", with: """
                [[sources.views]]
                name = "Support"
                query = "department:support sort:-name.last"
                columns = ["Department"]

                [[sources]]
                name = "departments"
                """)).write(toFile: config, atomically: true, encoding: .utf8)
            func dump(_ query: String) async throws -> DumpProcess {
                try await DumpProcess.run(["dump", "staff", "--config", config, "--format", "tsv", "--query", query], home: home)
            }
            let everyone = try await DumpProcess.run(["dump", "staff", "--config", config, "--format", "tsv"], home: home)
            let support = try await dump("department:support sort:-name.last")
            let others = try await dump("-department:support")
            let noEmail = try await dump("-has:email")
            let typo = try await dump("ctiy:riga")
            let open = try await dump(#""ada love"#)
            let view = try await DumpProcess.run(["dump", "staff", "--config", config, "--format", "tsv", "--view", "Support"], home: home)
            let noView = try await DumpProcess.run(["dump", "staff", "--config", config, "--view", "Sales"], home: home)
            await server.stop()
            let rows = everyone.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
            let got = support.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
            #expect(support.status == 0, "\(support.stderr)")
            #expect(!got.isEmpty && Set(got.map { $0.joined(separator: "\t") }) == Set(rows.filter { $0[2] == "Support" }.map { $0.joined(separator: "\t") }))
            #expect(others.stdout.split(separator: "\n").count - 1 == rows.count - got.count, "the negation is the rest")
            let lasts = got.map { SearchKey.fold(String($0[1].split(separator: " ").last ?? "")) }
            #expect(zip(lasts, lasts.dropFirst()).allSatisfy { $0.compare($1, options: .numeric) != .orderedAscending }, "\(lasts)")
            #expect(view.status == 0, "\(view.stderr)")
            #expect(view.stdout == "id\tlabel\tdepartment\n" + got.map { $0.prefix(3).joined(separator: "\t") + "\n" }.joined(),
                    "the view's records in its order, its columns only")
            #expect(noView.status == 2 && noView.stderr.contains("rolo dump: staff has no view 'Sales' — its views are 'Support'"), "\(noView.stderr)")
            #expect(noEmail.status == 0 && noEmail.stdout == "id\tlabel\tdepartment\temail\tdept_id\n", "every staff member has an email")
            #expect(typo.status == 2 && typo.stdout.isEmpty)
            #expect(typo.stderr.hasPrefix("rolo dump: staff: no field 'ctiy' — office.city, "), "\(typo.stderr)")
            #expect(open.status == 2 && open.stderr.contains(#"a phrase isn't closed: "ada love… needs its closing ""#), "\(open.stderr)")
        }
    }
}
