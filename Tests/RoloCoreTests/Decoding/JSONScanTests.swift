import Foundation
import Testing
@testable import RoloCore

@Suite("JSONScan finds a named key's array in an object, or gives up at any doubt")
struct JSONScanTests {
    /// The text of `key`'s array in `text`, found by the scan; nil when it gave up.
    private func member(_ key: String, _ text: String) -> String? {
        let data = Data(text.utf8)
        return JSONScan.arrayMember(key, of: data).map { String(decoding: data[$0], as: UTF8.self) }
    }

    @Test("The top-level key's array is found, past other keys and values that hold the same name")
    func found() {
        let text = #"""
         { "title": "employees", "meta": {"employees": [0], "list": "[\"x\"]"}, "also": "\"employees\": [9]",
           "employees" : [ {"fname": "a,]}"}, [1, {"b": "]"}] ] , "after": [{"employees": []}], "n": -1.5e3, "ok": true } 
        """#
        #expect(member("employees", text) == #"[ {"fname": "a,]}"}, [1, {"b": "]"}] ]"#)
        #expect(member("after", text) == #"[{"employees": []}]"#)
        #expect(member("employees", #"{"employees":[]}"#) == "[]")
    }

    @Test("Several keys are found in one pass; an absent one is nil beside the others")
    func several() throws {
        let text = #"{"cities": [{"employees": [1]}], "savedAt": 1, "version": 2}"#
        let found = try #require(Array(text.utf8).withUnsafeBufferPointer {
            JSONScan.arrayMembers(["employees", "cities"], ofObjectIn: 0..<$0.count, of: $0)
        })
        #expect(found[0] == nil)
        #expect(found[1] == 11..<31)
    }

    @Test("Any doubt is nil, for the whole decode to read the body or word its error", arguments: [
        "", "[]", #""employees""#, "{}", "{ }", #"{"other": []}"#, #"{"employees": 5}"#, #"{"employees": null}"#,
        #"{"employees": {"a": []}}"#, #"{"employees": [], "employees": [1]}"#, #"{"employ\u0065es": [1]}"#,
        #"{"employees": [1]} x"#, #"{"employees": [1]}}"#, #"{"employees": [1, {"a": 2]"#, #"{"employees": [1], }"#,
        #"{"employees" [1]}"#, #"{"employees": [1] "a": 2}"#, #"{"employees": [1], "a": }"#, #"{"employees": ["abc]}"#,
        #"{"a": 1, "employees": [1]"#, #"{employees: [1]}"#,
    ])
    func doubt(text: String) {
        #expect(member("employees", text) == nil)
    }

    @Test("Emptying lists keeps every byte around them")
    func emptying() throws {
        let data = Data(#"{"a": [1, 2], "b": {"c": [3]}, "d": []}"#.utf8)
        let first = try #require(JSONScan.arrayMember("a", of: data))
        let inner = try #require(data.withUnsafeBytes { raw in
            JSONScan.arrayMembers(["c"], ofObjectIn: 19..<29, of: raw.bindMemory(to: UInt8.self))?[0]
        })
        #expect(String(decoding: JSONScan.emptying([first, inner], of: data), as: UTF8.self) == #"{"a": [], "b": {"c": []}, "d": []}"#)
        #expect(JSONScan.emptying([], of: data) == data)
        let slice = Data("xx{\"a\": [1]}".utf8).dropFirst(2)
        #expect(String(decoding: JSONScan.emptying([6..<9], of: slice), as: UTF8.self) == #"{"a": []}"#)
    }
}
