import Foundation
import RoloCore
import Testing

@Suite("DirectoryClient fetches every city at once and reports each")
struct DirectoryClientTests {
    private let tallinn = URL(string: "https://tallinn-jobapp.aw.ee/employee_list")!
    private let tartu = URL(string: "https://tartu-jobapp.aw.ee/employee_list")!

    @Test("Both listings are fetched with the timeout and come back in the configured order")
    func both() async throws {
        let http = FakeHTTPClient([
            "/employee_list": .respond(200, try Fixture.data("directory/tallinn.json")),
        ])
        let client = DirectoryClient(urls: [tallinn, tartu, tallinn], http: http, timeout: 9)
        let listings = await client.fetchAll()
        #expect(listings.map(\.url) == [tallinn, tartu])
        #expect(listings.map(\.city) == ["Tallinn", "Tartu"])
        #expect(listings.allSatisfy { $0.employees?.count == 3 })
        #expect(Set(http.requests.map(\.url)) == [tallinn, tartu])
        #expect(http.requests.allSatisfy { $0.timeout == 9 && $0.headers["Accept"] == "application/json" })
    }

    @Test("A 500 is that city's failure, with a retry hint; the other city still loads")
    func oneFails() async throws {
        let http = FakeHTTPClient([
            "/directory/tallinn/employee_list": .respond(200, try Fixture.data("directory/tallinn.json")),
            "/directory/tartu/employee_list": .respond(500, Data("<html>500</html>".utf8)),
        ])
        let urls = try ["tallinn", "tartu"].map { try #require(URL(string: "http://127.0.0.1:8080/directory/\($0)/employee_list")) }
        let listings = await DirectoryClient(urls: urls, http: http, timeout: 5).fetchAll()
        #expect(listings[0].employees?.count == 3)
        guard case .failure(let error) = listings[1].result else {
            Issue.record("Tartu should have failed")
            return
        }
        #expect(error.kind == .httpStatus(500))
        #expect(error.message == "The directory server answered 500 with an HTML page — r to retry")
        #expect(listings.map(\.city) == ["Tallinn", "Tartu"])
    }

    @Test("Invalid JSON is a bad response placed at the URL that sent it")
    func invalid() async throws {
        let http = FakeHTTPClient(["/employee_list": .respond(200, try Fixture.data("directory/truncated.json"))])
        let result = await DirectoryClient(urls: [tartu], http: http, timeout: 5).fetch(tartu)
        guard case .failure(let error) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.kind == .badResponse)
        #expect(error.endpoint == "tartu-jobapp.aw.ee")
        #expect(error.detail.hasPrefix("https://tartu-jobapp.aw.ee/employee_list: HTTP 200, not valid JSON"))
    }

    @Test("A transport failure is passed on as is")
    func unreachable() async {
        let http = FakeHTTPClient(["/employee_list": .fail(.unreachable(tallinn, detail: "refused"))])
        let result = await DirectoryClient(urls: [tallinn], http: http, timeout: 5).fetch(tallinn)
        #expect(result == .failure(.unreachable(tallinn, detail: "refused")))
    }

    @Test("A city is named from the path before employee_list, else from the host", arguments: [
        ("https://tallinn-jobapp.aw.ee/employee_list", "Tallinn"),
        ("http://127.0.0.1:5000/directory/tartu/employee_list", "Tartu"),
        ("http://127.0.0.1:5000/list", "127.0.0.1:5000"),
        ("https://narva.example.com/api/people", "Narva"),
    ])
    func city(url: String, city: String) throws {
        #expect(DirectoryListing.city(of: try #require(URL(string: url))) == city)
    }
}
