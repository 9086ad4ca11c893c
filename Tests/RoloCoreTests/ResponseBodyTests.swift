import Foundation
import RoloCore
import Testing

@Suite("ResponseBody tells JSON from HTML from nothing")
struct ResponseBodyTests {
    @Test(
        "Classified by the first non-blank byte",
        arguments: [
            ("", ResponseBody.empty), (" \r\n\t", .empty), ("  <!doctype html>", .html), ("<html>", .html),
            ("[1]", .json), ("\n{\"a\":1}", .json), ("\"Ok\"", .json), ("\u{FEFF}[1]", .json),
        ]
    )
    func firstByte(body: String, kind: ResponseBody) {
        #expect(ResponseBody(Data(body.utf8)) == kind)
    }

    @Test("A text/html content type marks a body that isn't obviously JSON as HTML")
    func contentType() {
        #expect(ResponseBody(Data("Not Found".utf8), contentType: "text/html; charset=utf-8") == .html)
        #expect(ResponseBody(Data("[]".utf8), contentType: "text/html") == .json)
        #expect(ResponseBody(Data("Not Found".utf8), contentType: "application/json") == .json)
    }

    @Test("HTTPResponse lower-cases header names and classifies its body")
    func response() {
        let response = HTTPResponse(
            status: 200, headers: ["Content-Type": "text/html"], body: Data("oops".utf8), url: URL(string: "http://h/")!)
        #expect(response.headers == ["content-type": "text/html"])
        #expect(response.contentType == "text/html")
        #expect(response.bodyKind == .html)
        #expect(response.isSuccess)
    }
}
