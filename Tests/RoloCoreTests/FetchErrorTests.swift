import Foundation
import RoloCore
import Testing

@Suite("FetchError: one human line for the banner, the rest for the log")
struct FetchErrorTests {
    private let secretURL = URL(string: "https://user:pass@acme.pipedrive.com:8443/v1/persons?api_token=abc#x")!

    @Test("The endpoint is host and port only; the log detail has no credentials, query or fragment")
    func redaction() {
        let error = FetchError.unreachable(secretURL, detail: "refused")
        #expect(error.endpoint == "acme.pipedrive.com:8443")
        #expect(error.message == "Can't reach acme.pipedrive.com:8443 — is the server running? r to retry")
        #expect(error.detail == "https://acme.pipedrive.com:8443/v1/persons: refused")
        #expect(error.description == error.message)
    }

    @Test("A URL without a port names the host alone; an IPv6 host keeps its brackets")
    func endpoints() {
        #expect(URL(string: "https://randomuser.me/api/?seed=x")!.endpoint == "randomuser.me")
        #expect(URL(string: "http://[::1]:5000/")!.endpoint == "[::1]:5000")
        #expect(URL(string: "http://127.0.0.1:5000/employees")!.endpoint == "127.0.0.1:5000")
    }

    @Test("Timeouts, cancellations and oversized bodies say what happened and what to do")
    func transportMessages() {
        let url = URL(string: "http://127.0.0.1:5000/employees")!
        #expect(FetchError.timedOut(url, after: 30).message == "127.0.0.1:5000 didn't answer within 30 s — r to retry")
        #expect(FetchError.timedOut(url, after: 2.5).message == "127.0.0.1:5000 didn't answer within 2.5 s — r to retry")
        #expect(FetchError.cancelled(url).kind == .cancelled)
        #expect(FetchError.tooLarge(url, limit: 64 << 20).message == "127.0.0.1:5000 sent more than 64 MB — check the URL")
        #expect(FetchError.tooLarge(url, limit: 50_000).message == "127.0.0.1:5000 sent more than 48 KB — check the URL")
    }

    @Test("A server error suggests a retry; a client error suggests checking the URL")
    func statuses() {
        let url = URL(string: "http://h:1/foods?token=t")!
        let failing = HTTPResponse(status: 503, body: Data("{\"error\":\"busy\"}".utf8), url: url)
        #expect(FetchError.unexpectedStatus(failing, service: "foods").message == "The foods server answered 503 — r to retry")
        #expect(FetchError.unexpectedStatus(failing, service: "foods").detail == #"http://h:1/foods: HTTP 503; body: {"error":"busy"}"#)
        let missing = HTTPResponse(status: 404, body: Data("<html>".utf8), url: url)
        #expect(FetchError.unexpectedStatus(missing, service: "foods").message
            == "The foods server answered 404 with an HTML page — check the foods URL")
        #expect(FetchError.unexpectedStatus(missing, service: "foods").kind == .httpStatus(404))
    }

    @Test("An unreadable body is placed at its server once the client knows it")
    func located() {
        let body = Data(String(repeating: "x", count: 1000).utf8)
        let error = FetchError.unreadable(body, service: "people", reason: "expected a list")
        #expect(error.endpoint == "")
        let placed = error.located(at: HTTPResponse(status: 200, body: body, url: URL(string: "http://h:5/employees?q=1")!))
        #expect(placed.endpoint == "h:5")
        #expect(placed.message == "The people server sent data rolo can't read (expected a list) — r to retry")
        #expect(placed.detail.hasPrefix("http://h:5/employees: HTTP 200, expected a list; body: xxx"))
        #expect(placed.detail.hasSuffix("… (1000 bytes)"))
    }
}
