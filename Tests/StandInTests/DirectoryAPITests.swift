import Foundation
import RoloCore
import StandIn
import Testing

/// The Tallinn and Tartu listings, over a real socket, read by rolo's own client.
@Suite("Directory API")
struct DirectoryAPITests {
    private func options(minute: Int = 100, seed: UInt64 = 1, modes: [String: DirectoryListingMode] = [:]) -> StandInOptions {
        var options = StandInOptions(seed: seed)
        options.directoryFixedMinute = minute
        options.directoryModes = modes
        return options
    }

    private func urls(_ server: StandInServer) -> [URL] {
        ["tallinn", "tartu"].map { server.baseURL.appendingPathComponent("directory/\($0)/employee_list") }
    }

    private func objects(_ reply: Reply) throws -> [[String: Any]] {
        let root = try #require(try reply.json() as? [String: Any])
        return try #require(root["employees"] as? [[String: Any]])
    }

    @Test("Both listings are {\"employees\": [...]} with optional keys absent, never null")
    func shape() async throws {
        try await withServer(options()) { server in
            for city in ["tallinn", "tartu"] {
                let reply = try await request(server, "/directory/\(city)/employee_list")
                #expect(reply.status == 200)
                #expect(reply.header("Content-Type") == "application/json")
                #expect(!reply.text.contains("null"))
                let employees = try objects(reply)
                #expect(employees.count >= 10)
                for employee in employees {
                    #expect(Set(employee.keys).isSubset(of: ["fname", "lname", "contact_details", "position", "projects"]))
                    #expect(employee["fname"] is String && employee["lname"] is String && employee["position"] is String)
                    let contact = try #require(employee["contact_details"] as? [String: String])
                    #expect(contact["email"] != nil)
                    if let projects = employee["projects"] as? [String] {
                        #expect((1...7).contains(projects.count))
                    }
                }
                #expect(employees.contains { $0["projects"] == nil })
                #expect(employees.contains { ($0["contact_details"] as? [String: String])?["phone"] == nil })
            }
        }
    }

    @Test("Names are Estonian, hyphenated and with diacritics; the decoder reads every record")
    func names() async throws {
        try await withServer(options()) { server in
            let listings = await DirectoryClient(urls: urls(server), http: testClient, timeout: standInTestTimeout).fetchAll()
            let people = listings.compactMap(\.employees).joined()
            #expect(listings.allSatisfy { $0.employees != nil })
            #expect(people.contains { $0.fullName == "Jüri Õunapuu" })
            #expect(people.contains { $0.fullName.contains("-") })
            #expect(people.contains { $0.fullName.contains { "õäöüšž".contains($0.lowercased()) } })
        }
    }

    @Test("People in both cities differ in projects; the merge shows them once with every project")
    func overlap() async throws {
        try await withServer(options()) { server in
            let listings = await DirectoryClient(urls: urls(server), http: testClient, timeout: standInTestTimeout).fetchAll()
            let tallinn = try #require(listings[0].employees)
            let tartu = try #require(listings[1].employees)
            let shared = Set(tallinn.map(\.nameKey)).intersection(tartu.map(\.nameKey))
            #expect(shared.count >= 4)
            let merged = DirectoryMerge.merge([tallinn, tartu])
            #expect(merged.count == tallinn.count + tartu.count - shared.count)
            let mariLiis = try #require(merged.first { $0.nameKey == PersonNameKey(firstName: "Mari-Liis", lastName: "Tamm") })
            #expect(mariLiis.fullName == "Mari-Liis Tamm")
            #expect(mariLiis.projects == ["Päevik", "Õpik", "Ilmateade"])
            #expect(mariLiis.phone == "+372 5123 4567")
            #expect(merged.contains { $0.fullName == "Juri Ounapuu" })
        }
    }

    @Test("Unknown positions turn up now and then, and are grouped as OTHER")
    func unknownPositions() async throws {
        var raw: Set<String> = []
        for minute in 0..<6 {
            try await withServer(options(minute: minute)) { server in
                for city in ["tallinn", "tartu"] {
                    let reply = try await request(server, "/directory/\(city)/employee_list")
                    raw.formUnion(try objects(reply).compactMap { $0["position"] as? String })
                }
            }
        }
        let known = Set(DirectoryEmployee.Position.allCases.map(\.rawValue))
        #expect(!raw.subtracting(known).isEmpty)
    }

    @Test("A fixed minute gives the same bytes; another minute or seed different data")
    func determinism() async throws {
        func body(_ options: StandInOptions) async throws -> Data {
            try await withServer(options) { try await request($0, "/directory/tartu/employee_list").body }
        }
        let first = try await body(options(minute: 7))
        #expect(first == (try await body(options(minute: 7))))
        #expect(first != (try await body(options(minute: 8))))
        #expect(first != (try await body(options(minute: 7, seed: 2))))
    }

    @Test("The fail switch answers nginx's 500 for that city only; the client names the city")
    func failMode() async throws {
        try await withServer(options(modes: ["tartu": .fail])) { server in
            let reply = try await request(server, "/directory/tartu/employee_list")
            #expect(reply.status == 500)
            #expect(reply.text.contains("<center>nginx</center>"))
            let listings = await DirectoryClient(urls: urls(server), http: testClient, timeout: standInTestTimeout).fetchAll()
            let outcome = DirectoryOutcome(listings)
            #expect(outcome.banner == "Tartu didn't load — showing Tallinn only; r to retry")
            #expect(outcome.errors.first?.kind == .httpStatus(500))
            #expect(outcome.employees?.isEmpty == false)
        }
    }

    @Test("The invalid switch sends cut-off JSON with a 200")
    func invalidMode() async throws {
        try await withServer(options(modes: ["tallinn": .invalid])) { server in
            let reply = try await request(server, "/directory/tallinn/employee_list")
            #expect(reply.status == 200)
            #expect(throws: (any Error).self) { try reply.json() }
            let listings = await DirectoryClient(urls: urls(server), http: testClient, timeout: standInTestTimeout).fetchAll()
            #expect(listings[0].employees == nil)
            #expect(listings[1].employees != nil)
            guard case .failure(let error) = listings[0].result else { return }
            #expect(error.kind == .badResponse)
        }
    }

    @Test("Requests are counted per city, and the fail control endpoint reaches each")
    func controlEndpoint() async throws {
        try await withServer(options()) { server in
            let set = try await request(server, "/__standin/fail?route=directory.tallinn&count=1", method: "POST")
            #expect(set.status == 200)
            #expect(try await request(server, "/directory/tallinn/employee_list").status == 500)
            #expect(try await request(server, "/directory/tallinn/employee_list").status == 200)
            #expect(try await request(server, "/directory/tartu/employee_list").status == 200)
            #expect(await server.requestCount("directory.tallinn") == 2)
            #expect(await server.requestCount("directory.tartu") == 1)
        }
    }

    @Test("Unknown cities and paths are nginx's 404; the ME server's routes are untouched")
    func notFound() async throws {
        try await withServer(options()) { server in
            let reply = try await request(server, "/directory/narva/employee_list")
            #expect(reply.status == 404)
            #expect(reply.text.contains("404 Not Found"))
            #expect(try await request(server, "/healthCheck").status == 200)
        }
    }

    @Test("The demo address book matches three people every minute has, and not the fourth card")
    func sampleContacts() async throws {
        try await withServer(options(minute: 12345)) { server in
            let listings = await DirectoryClient(urls: urls(server), http: testClient, timeout: standInTestTimeout).fetchAll()
            let people = DirectoryMerge.merge(listings.compactMap(\.employees))
            let index = ContactIndex(VCardParser.parse(DirectoryContacts.sampleVCard))
            let matched = people.filter { index.card(firstName: $0.firstName, lastName: $0.lastName) != nil }
            #expect(Set(matched.map(\.fullName)) == ["Mari-Liis Tamm", "Jüri Õunapuu", "Peeter Termomeeter"])
        }
    }
}
