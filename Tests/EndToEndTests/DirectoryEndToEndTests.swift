import Foundation
import Logging
import RoloCore
import StandIn
import Testing

/// The directory source in the real binary, in tmux, against the stand-in's two city listings.
extension EndToEnd {
    @Suite("directory in tmux against the stand-in", .serialized, .temporaryDirectories)
    struct DirectoryEndToEndTests {
        private func start() async throws -> StandInServer {
            var options = StandInOptions()
            options.directoryFixedMinute = 7
            return try await StandInServer.start(options, logger: Logger(label: "test.stand-in"))
        }

        /// A temporary folder with the demo address book, for --contacts and --data-dir.
        private func workspace() throws -> (contacts: String, data: String) {
            let root = try TemporaryDirectory.scoped("rolo-dir-e2e")
            let contacts = root.appendingPathComponent("contacts.vcf")
            try Data(DirectoryContacts.sampleVCard.utf8).write(to: contacts)
            return (contacts.path, root.appendingPathComponent("data").path)
        }

        private func command(_ server: StandInServer, _ space: (contacts: String, data: String)) -> String {
            let base = server.baseURL.absoluteString
            return "\(RoloBinary.path) directory --directory-url \(base)/directory/tallinn/employee_list "
                + "--directory-url \(base)/directory/tartu/employee_list --contacts \(space.contacts) --data-dir \(space.data) --images off"
        }

        /// A project of someone in the Tallinn listing.
        private func someProject(_ server: StandInServer) async throws -> String {
            let url = server.baseURL.appendingPathComponent("directory/tallinn/employee_list")
            let data = try await CurlHTTPClient().send(HTTPRequest(url: url)).body
            let body = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let employees = try #require(body["employees"] as? [[String: Any]])
            let projects = employees.compactMap { $0["projects"] as? [String] }.flatMap { $0 }
            return try #require(projects.first)
        }

        @Test("The merged list is grouped by position; / narrows it by project; c opens a matched card")
        func browse() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let server = try await start()
            defer { Task { await server.stop() } }
            let space = try workspace()
            let tmux = try await TmuxSession(width: 120, height: 34, term: "xterm-256color")
            try tmux.run(command(server, space))
            let screen = try await tmux.waitFor("the grouped list") { $0.contains(" Android ") && $0.contains(" people") }
            #expect(screen.contains(" iOS ") || screen.contains(" Web ") || screen.contains(" PM "))
            #expect(await server.requestCount("directory.tallinn") == 1)
            #expect(await server.requestCount("directory.tartu") == 1)

            let project = try await someProject(server)
            try tmux.send("/")
            for character in project { try tmux.send("-l", String(character)) }
            let narrowed = try await tmux.waitFor("the list narrowed to the project") { $0.contains("matching") && $0.contains("/ \(project)") }
            #expect(!narrowed.contains(" 0 matching"))
            try tmux.send("Escape")

            try tmux.send("/")
            try tmux.send("-l", "Mari-Liis")
            try tmux.send("Enter")
            try await tmux.waitFor("Mari-Liis selected with her card button") { $0.contains("Contact card (c)") }
            try tmux.send("c")
            let card = try await tmux.waitFor("the contact card overlay") { $0.contains("Esc closes") && $0.contains("Tamm") }
            #expect(card.contains("@"), "the card shows the email")
            try tmux.send("Escape")
            try await tmux.waitFor("the card closed") { !$0.contains("Esc closes") }
            try tmux.send("q")
        }

        @Test("A restart shows the saved list before the network answers")
        func savedListAtRestart() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let server = try await start()
            defer { Task { await server.stop() } }
            let space = try workspace()
            let tmux = try await TmuxSession(width: 120, height: 34, term: "xterm-256color")
            try tmux.run(command(server, space) + "; echo FIRST-EXIT=$?")
            try await tmux.waitFor("the first load") { $0.contains(" Android ") }
            try await eventually("the saved file") { FileManager.default.fileExists(atPath: space.data + "/directory.json") }
            try tmux.send("q")
            // Typing before rolo has exited would hand the shell's next command to rolo as keys.
            try await tmux.waitFor("rolo to exit") { $0.contains("FIRST-EXIT=0") }

            await server.setLatency(milliseconds: 4000)
            let requests = await server.requestCount("directory.tallinn")
            try tmux.run(command(server, space))
            let screen = try await tmux.waitFor("the saved list while the network is slow") { $0.contains(" Android ") && $0.contains("saved") }
            #expect(screen.contains("loading"))
            try await eventually("the request the saved list is shown beside") { await server.requestCount("directory.tallinn") == requests + 1 }
            try await tmux.waitFor("fresh data after the latency", timeout: 20) { $0.contains(" Android ") && !$0.contains("saved") }
            try tmux.send("q")
        }

        @Test("Tartu failing after a good load keeps its saved people on screen, marked saved, with a banner")
        func failedCityKeepsSaved() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let server = try await start()
            defer { Task { await server.stop() } }
            let space = try workspace()
            let tmux = try await TmuxSession(width: 120, height: 50, term: "xterm-256color")
            try tmux.run(command(server, space))
            let first = try await tmux.waitFor("the first load") { $0.contains(" Android ") && $0.contains(" people") }
            try await eventually("the saved file") { FileManager.default.fileExists(atPath: space.data + "/directory.json") }
            let saved = try Data(contentsOf: URL(fileURLWithPath: space.data + "/directory.json"))
            let count = try #require(Self.peopleCount(first))

            try await failNext("directory.tartu", on: server)

            let tartuRequests = await server.requestCount("directory.tartu")
            try tmux.send("r")
            let screen = try await tmux.waitFor("the banner naming Tartu") { $0.contains("Tartu didn't load") }
            #expect(await server.requestCount("directory.tartu") == tartuRequests + 1)
            #expect(screen.contains("and Tartu as saved at"), "the banner says Tartu's people are the saved ones")
            #expect(Self.peopleCount(screen) == count, "no one vanished: \(count) before")
            #expect(screen.range(of: #"saved \d\d:\d\d"#, options: .regularExpression) != nil, "saved rows are marked")
            #expect(try Data(contentsOf: URL(fileURLWithPath: space.data + "/directory.json")) == saved,
                    "the partial answer didn't replace the saved one")

            try tmux.send("r")
            let fresh = try await tmux.waitFor("Tartu back") { $0.range(of: #"saved \d\d:\d\d"#, options: .regularExpression) == nil }
            #expect(Self.peopleCount(fresh) == count)
            try tmux.send("q")
        }

        /// The "N people" of the status line.
        private static func peopleCount(_ screen: String) -> Int? {
            guard let range = screen.range(of: #"\d+ people"#, options: .regularExpression) else { return nil }
            return Int(screen[range].split(separator: " ")[0])
        }
    }
}
