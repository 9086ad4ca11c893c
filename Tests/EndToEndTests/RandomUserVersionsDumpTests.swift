import Foundation
import Testing

extension EndToEnd {
    /// `rolo dump randomuser` against recorded answers of the API's older versions, served over
    /// real HTTP: the persons printed, or a clear failure.
    @Suite("rolo dump randomuser: answers of every API version", .serialized, .temporaryDirectories)
    struct RandomUserVersionsDumpTests {
        private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("RoloCoreTests/Fixtures/randomuser")

        private static let fields = "name,birthday,email,cell,street,city,postcode,nationality,picture"

        /// Runs the dump as JSON Lines against a server answering `body`, in a fresh home.
        private func dump(_ body: Data, path: String = "/api/") async throws -> (DumpProcess, [String]) {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let home = try TemporaryDirectory.scopedPath("rolo-ru-versions")
            let server = try RecordedAnswerServer(body: body)
            defer { server.stop() }
            let run = try await DumpProcess.run(
                ["dump", "randomuser", "--format", "jsonl", "--fields", Self.fields, "--randomuser-url", server.url + path,
                 "--randomuser-seed", "old"], home: home)
            return (run, server.requestTargets)
        }

        private func lines(_ run: DumpProcess) throws -> [[String: String?]] {
            try run.stdout.split(separator: "\n").map {
                try JSONDecoder().decode([String: String?].self, from: Data($0.utf8))
            }
        }

        @Test("Each version's persons come through, field by field", arguments: [
            ("1.0", "liam walker", "1992-07-15", "5638 old taupo road", "", "https://randomuser.me/api/portraits/men/42.jpg"),
            ("1.1", "romain hoogendijk", "1983-07-14", "1861 jan pieterszoon coenstraat", "NL",
             "https://randomuser.me/api/portraits/men/83.jpg"),
            ("1.2", "آرسین کریمی", "1973-11-30", "8436 Shahid Beheshti", "IR", "https://randomuser.me/api/portraits/men/10.jpg"),
            ("1.3", "Jules Sanchez", "1969-05-23", "3378 Rue Louis-Blanqui", "FR", "https://randomuser.me/api/portraits/men/81.jpg"),
            ("1.4", "Оксана Бондаренко", "1957-10-10", "4712 Хрещатик", "UA", "https://randomuser.me/api/portraits/women/55.jpg"),
            ("0.4", "ritthy mendoza", "1981-03-15", "9791 robinson rd", "", "http://api.randomuser.me/portraits/men/64.jpg"),
        ])
        func version(_ expected: (version: String, name: String, birthday: String, street: String, nat: String, picture: String))
            async throws
        {
            let body = try Data(contentsOf: Self.fixtures.appendingPathComponent("v\(expected.version).json"))
            let (run, targets) = try await dump(body, path: "/api/\(expected.version)/")
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.isEmpty, "\(run.stderr)")
            #expect(targets == ["/api/\(expected.version)/?results=10&page=1&seed=old"])
            let persons = try lines(run)
            #expect(persons.count == 2, "\(run.stdout)")
            let first = try #require(persons.first)
            #expect(first["name"] == expected.name)
            #expect(first["birthday"] == expected.birthday)
            #expect(first["street"] == expected.street)
            #expect(first["nationality"] == expected.nat)
            #expect(first["picture"] == expected.picture)
            #expect(first["email"]??.hasSuffix("@example.com") == true)
            #expect(first["cell"]??.isEmpty == false)
        }

        @Test("Some persons unreadable: the others printed, the count and reason on standard error, status 0")
        func partlyUnreadable() async throws {
            let body = Data("""
                {"results": [{"login": {"uuid": "u1"}, "name": {"first": "Ann", "last": "Lee"}},
                             {"gender": "male", "nat": "US"},
                             {"login": {"uuid": "u3"}, "name": {"first": "Bo", "last": "Kim"}}],
                 "info": {"seed": "old", "results": 3, "page": 1, "version": "1.4"}}
                """.utf8)
            let (run, _) = try await dump(body)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try lines(run).map { $0["name"] } == ["Ann Lee", "Bo Kim"])
            #expect(run.stderr == "rolo dump: randomuser: 1 person skipped: a person with no login.uuid, name or email — details in the log\n")
        }

        @Test("Every person unreadable: nothing printed, status 1, and why on standard error")
        func allUnreadable() async throws {
            let body = Data("""
                {"results": [{"gender": "male", "nat": "US"}, {"login": {"uuid": ""}, "name": {"first": "Blank"}}],
                 "info": {"seed": "old", "results": 2, "page": 1, "version": "1.4"}}
                """.utf8)
            let (run, _) = try await dump(body)
            #expect(run.status == 1)
            #expect(run.stdout.isEmpty, "\(run.stdout)")
            #expect(run.stderr == "rolo dump: randomuser: randomuser.me sent 2 persons and rolo can read none of them: a person with no login.uuid, name or email\n")
        }
    }
}
