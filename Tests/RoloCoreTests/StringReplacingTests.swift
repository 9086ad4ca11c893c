import Foundation
import RoloCore
import Testing

@Suite("replacingEvery and containsIgnoringASCIICase answer as Foundation does")
struct StringReplacingTests {
    @Test("Every occurrence, left to right, no overlaps, as replacingOccurrences(of:with:)", arguments: [
        ("", "-", "_"), ("people-url", "-", "_"), ("a-b-c-", "-", "_"), ("-", "-", "_"), ("no dash", "-", "_"),
        ("aaaa", "aa", "b"), ("aaa", "aa", "b"), ("line\r\nnext\nlast\r\n", "\r\n", "\\n"),
        ("token abcd1234 and abcd1234abcd1234", "abcd1234", "REDACTED"), ("Jõe Tõnisson Jõe", "Jõe", "J"),
        ("👩🏽‍💻 and 👩🏽‍💻", "👩🏽‍💻", "dev"), ("ab", "abc", "x"), ("x", "x", ""),
    ])
    func sameAsFoundation(_ text: String, _ target: String, _ replacement: String) {
        #expect(text.replacingEvery(target, with: replacement) == text.replacingOccurrences(of: target, with: replacement))
    }

    @Test("An empty target leaves the text as it is")
    func emptyTarget() {
        #expect("people-url".replacingEvery("", with: "_") == "people-url")
    }

    @Test("token= in any ASCII case, anywhere", arguments: [
        ("GET /v1/persons?api_token=abc", true), ("TOKEN=1", true), ("ToKeN=", true), ("a token= b", true),
        ("token =1", false), ("toke", false), ("", false), ("tokén=", false), ("tokens=", false),
    ])
    func containsToken(_ text: String, _ expected: Bool) {
        #expect(text.containsIgnoringASCIICase("token=") == expected)
        #expect(text.containsIgnoringASCIICase("token=") == (text.range(of: "token=", options: .caseInsensitive) != nil))
    }
}

@Suite("ProcessEnvironment")
struct ProcessEnvironmentTests {
    @Test("Reads the same variables as ProcessInfo")
    func sameAsProcessInfo() {
        #expect(ProcessEnvironment.variables() == ProcessInfo.processInfo.environment)
    }
}
