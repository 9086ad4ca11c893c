import Foundation
@testable import RoloCore
import Testing
import TOMLKit

/// RoloCore's ways round TOMLKit 0.6.0's leaks (TOMLKit+Leaks.swift) read what TOMLKit reads:
/// `make fuzz`'s LeakSanitizer shows they free what TOMLKit leaked.
@Suite("TOMLKit read without its leaks")
struct TOMLKitLeaksTests {
    static let text = """
        url = "https://x.org"
        images = 256
        timeout = 2.5
        no-color = true
        [keys]
        refresh = ["r", "F5"]
        quit = "q"
        """

    @Test("A table's keys are TOMLKit's, in the same order")
    func keyNames() throws {
        let table = try TOMLTable(string: Self.text)
        #expect(table.keyNames == table.keys)
        #expect(Set(table.keyNames) == ["url", "images", "timeout", "no-color", "keys"])
        let keys = try #require(table["keys"]?.table)
        #expect(keys.keyNames == keys.keys)
        #expect(TOMLTable().keyNames.isEmpty)
    }

    // The text, numbers and flags RoloCore's shadows read aren't asked here (the tests see
    // TOMLKit's `string` beside RoloCore's, an ambiguity): every config test reads through them.

    @Test("A document read is handed over whole, and deleted after")
    func reading() throws {
        let names = try TOMLTable.reading(Self.text) { table in table.keyNames }
        #expect(names.count == 5)
        let remaps = try TOMLTable.reading(Self.text) { table in try #require(table["keys"]?.table).keyNames }
        #expect(Set(remaps) == ["refresh", "quit"])
    }

    @Test("A syntax error is toml++'s, with its line")
    func syntaxError() {
        #expect(throws: TOMLSyntaxError.self) { try TOMLTable.reading("a = \n") { _ in 0 } }
    }
}
