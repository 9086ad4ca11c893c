import Testing
@testable import RoloApp

@Suite("Search index: one pass over every key's bytes finds what a key-by-key search finds")
struct SearchIndexTests {
    @Test("A match inside one key is found once; one across two keys is no match")
    func withinKeys() {
        let index = SearchIndex(keys: ["ab", "cd", "aaaa", "", "bcd"])
        #expect(index.positions(matching: "bc") == [4])
        #expect(index.positions(matching: "a") == [0, 2])
        #expect(index.positions(matching: "d") == [1, 4])
        #expect(index.positions(matching: "abcd") == [])
        #expect(index.positions(matching: "  ") == [0, 1, 2, 3, 4], "a blank term shows everything")
    }

    @Test("Empty keys at the start, middle and end don't shift a hit to a neighbour")
    func emptyKeys() {
        let index = SearchIndex(keys: ["", "", "x", "", "", "xy", ""])
        #expect(index.positions(matching: "x") == [2, 5])
        #expect(index.positions(matching: "y") == [5])
        #expect(SearchIndex(keys: []).positions(matching: "x") == [])
    }

    @Test("Every word: each word anywhere in the key, in any order")
    func everyWord() {
        let index = SearchIndex(keys: ["mari\ntamm", "tamm\nmari", "mari", "tammik"])
        #expect(index.positions(matching: "Tamm Mari", everyWord: true) == [0, 1])
        #expect(index.positions(matching: "tamm mari") == [])
        #expect(index.positions(matching: "TAMM") == [0, 1, 3])
    }

    @Test("A list long enough to be folded in parts on several cores reads as one")
    func parts() {
        let keys = (0..<70_000).map { "k\($0)" }
        let index = SearchIndex(count: keys.count) { keys[$0] }
        #expect(index.count == 70_000)
        #expect(index.positions(matching: "k6999") == [6_999] + Array(69_990..<70_000))
        #expect(index.positions(matching: "k0") == [0])
        #expect(index.positions(matching: "k69999") == [69_999])
    }

    @Test("Over many keys of a small alphabet, the same positions as a search key by key")
    func sameAsNaive() {
        var random = SeededRandom(42)
        let keys = (0..<2_000).map { _ in
            String((0..<Int(random.next() % 7)).map { _ in "abc".randomElement(using: &random) ?? "a" })
        }
        let index = SearchIndex(keys: keys)
        for term in ["a", "ab", "ba", "abc", "cc", "aaa", "cab"] {
            let naive = keys.indices.filter { keys[$0].contains(term) }
            #expect(index.positions(matching: term) == naive, "\(term)")
        }
    }
}

/// A linear congruential generator, so the keys are the same every run.
private struct SeededRandom: RandomNumberGenerator {
    var state: UInt64

    init(_ state: UInt64) {
        self.state = state
    }

    mutating func next() -> UInt64 {
        state = state &* 2_862_933_555_777_941_757 &+ 3_037_000_493
        return state
    }
}
