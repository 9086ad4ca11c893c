import Foundation
import RoloCore
import Testing

@Suite("PeopleClient maps the server's statuses and bodies to results and errors")
struct PeopleClientTests {
    private let base = URL(string: "http://127.0.0.1:5000")!

    private func client(_ answers: [String: FakeHTTPClient.Answer]) -> (PeopleClient, FakeHTTPClient) {
        let http = FakeHTTPClient(answers)
        return (PeopleClient(baseURL: base, http: http, timeout: 7), http)
    }

    private func fixture(_ name: String) throws -> Data {
        try Fixture.data("people/\(name)")
    }

    @Test("employees() GETs /employees with the timeout and decodes the bare list")
    func employees() async throws {
        let (people, http) = client(["/employees": .respond(200, try fixture("list-bare.json"))])
        let employees = try await people.employees().records
        #expect(employees.map(\.id) == [1, 2])
        let request = try #require(http.requests.first)
        #expect(request.method == "GET")
        #expect(request.url.absoluteString == "http://127.0.0.1:5000/employees")
        #expect(request.timeout == 7)
        #expect(request.headers["Accept"] == "application/json")
    }

    @Test("A base URL with a path prefix and a trailing slash still reaches /employees under it")
    func basePath() async throws {
        let http = FakeHTTPClient(["/me/employees": .respond(200, Data("[]".utf8))])
        let people = PeopleClient(baseURL: URL(string: "http://host:5000/me/")!, http: http, timeout: 30)
        #expect(try await people.employees().records.isEmpty)
    }

    @Test("A 500 from /employees is .httpStatus(500) with a retry hint")
    func serverError() async throws {
        let (people, _) = client(["/employees": .respond(500, try fixture("server-error.html"))])
        let error = await #expect(throws: FetchError.self) { try await people.employees().records }
        #expect(error?.kind == .httpStatus(500))
        #expect(error?.message == "The people server answered 500 with an HTML page — r to retry")
        #expect(error?.endpoint == "127.0.0.1:5000")
    }

    @Test("HTML with a 200 is a bad response that says HTML and where it came from")
    func htmlBody() async throws {
        let (people, _) = client(["/employees": .respond(200, try fixture("not-found.html"))])
        let error = await #expect(throws: FetchError.self) { try await people.employees().records }
        #expect(error?.kind == .badResponse)
        #expect(error?.message == "The people server sent an HTML page instead of JSON — r to retry")
        #expect(error?.endpoint == "127.0.0.1:5000")
        #expect(error?.detail.hasPrefix("http://127.0.0.1:5000/employees: HTTP 200, not JSON") == true)
    }

    @Test("A malformed list is a bad response")
    func malformed() async throws {
        let (people, _) = client(["/employees": .respond(200, try fixture("malformed.json"))])
        let error = await #expect(throws: FetchError.self) { try await people.employees().records }
        #expect(error?.kind == .badResponse)
    }

    @Test("employee(id:) GETs /employees/{id} and decodes the detail")
    func employee() async throws {
        let (people, http) = client(["/employees/1": .respond(200, try fixture("employee-image-mime.json"))])
        let employee = try await people.employee(id: 1)
        #expect(employee.image == .bytes(try Fixture.tinyJPEG()))
        #expect(http.requests.first?.url.path == "/employees/1")
    }

    @Test("A 404 with the bare or the RAML's 'Not found' is .notFound", arguments: ["not-found-bare.json", "not-found-object.json"])
    func notFound(body: String) async throws {
        let (people, _) = client(["/employees/42": .respond(404, try fixture(body))])
        let error = await #expect(throws: FetchError.self) { try await people.employee(id: 42) }
        #expect(error?.kind == .notFound)
        #expect(error?.message == "Employee 42 wasn't found on the server")
    }

    @Test("A 404 with an HTML page means the URL is wrong, not that the employee is gone")
    func htmlNotFound() async throws {
        let (people, _) = client(["/employees/42": .respond(404, try fixture("not-found.html"))])
        let error = await #expect(throws: FetchError.self) { try await people.employee(id: 42) }
        #expect(error?.kind == .httpStatus(404))
        #expect(error?.message == "The people server answered 404 with an HTML page — check the people URL")
    }

    @Test("Transport errors pass through unchanged")
    func transport() async throws {
        let refused = FetchError.unreachable(base, detail: "refused")
        let (people, _) = client(["/employees": .fail(refused), "/healthCheck": .fail(refused)])
        await #expect(throws: refused) { try await people.employees().records }
        await #expect(throws: refused) { try await people.health() }
    }

    @Test("Health: the bare string and the RAML's object are .ok", arguments: ["health-bare.json", "health-object.json"])
    func healthy(body: String) async throws {
        let (people, http) = client(["/healthCheck": .respond(200, try fixture(body))])
        #expect(try await people.health() == .ok)
        #expect(http.requests.first?.url.path == "/healthCheck")
    }

    @Test("Health: any other answer is .unhealthy with what the server said")
    func unhealthy() async throws {
        let cases: [(FakeHTTPClient.Answer, ServerHealth)] = [
            (.respond(200, try fixture("health-unhealthy.json")), .unhealthy("Database down")),
            (.respond(503, Data("\"Ok\"".utf8)), .unhealthy("answered 503")),
            (.respond(200, try fixture("not-found.html")), .unhealthy("sent an HTML page")),
            (.respond(200, Data()), .unhealthy("sent an empty answer")),
            (.respond(200, Data("[1]".utf8)), .unhealthy("sent an answer rolo can't read")),
        ]
        for (answer, expected) in cases {
            let (people, _) = client(["/healthCheck": answer])
            #expect(try await people.health() == expected)
        }
    }
}
