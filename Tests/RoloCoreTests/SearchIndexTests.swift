import Testing
#if canImport(Glibc)
    import Glibc
#endif
@testable import RoloCore

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

    @Test("Keys folded by SearchKey are found by a term in any case, with or without its accents")
    func folding() {
        let names = ["Jõe Ämblik", "ÅSA ÖBERG", "Renée Çelik", "Анна Иванова", "plain ascii"]
        let index = SearchIndex(keys: names.map { SearchKey.fold([$0]) })
        #expect(index.positions(matching: "JOE") == [0])
        #expect(index.positions(matching: "ämb") == [0])
        #expect(index.positions(matching: "amblik") == [0])
        #expect(index.positions(matching: "asa ob") == [1])
        #expect(index.positions(matching: "RENEE celik") == [2])
        #expect(index.positions(matching: "ИВАН") == [3])
        #expect(index.positions(matching: "e") == [0, 1, 2])
    }

    @Test("A needle is looked for by its least common pair of bytes; hits at the keys' edges are found")
    func pivot() {
        #expect(SearchNeedle(Array("lovelace".utf8)).pivot == 1, "the ov")
        #expect(SearchNeedle(Array("e".utf8)).pivot == 0)
        #expect(SearchNeedle(Array("ea".utf8)).pivot == 0)
        let index = SearchIndex(keys: ["vel", "xlove", "lovx", "love", "ve"])
        #expect(index.positions(matching: "love") == [1, 3])
        #expect(index.positions(matching: "v") == [0, 1, 2, 3, 4])
        #expect(index.positions(matching: "ve") == [0, 1, 3, 4])
        // Pairs found eight places at a time, in long keys and at every offset of a word.
        let long = (0..<40).map { String(repeating: "x", count: $0) + "lovelace" + String(repeating: "y", count: 39 - $0) }
        #expect(SearchIndex(keys: long).positions(matching: "lovelace") == Array(0..<40))
        #expect(SearchIndex(keys: long).positions(matching: "xl") == Array(1..<40))
        #expect(SearchIndex(keys: long).positions(matching: "ey") == Array(0..<39))
    }

    @Test("A term that extends the last one looks among its matches and finds what a whole search finds")
    func narrowing() {
        var random = SeededRandom(7)
        let keys = (0..<3_000).map { _ in
            String((0..<Int(random.next() % 9)).map { _ in "abcé ".randomElement(using: &random) ?? "a" })
        }
        let index = SearchIndex(keys: keys.map { SearchKey.fold([$0]) })
        var recent: [SearchMatches] = []
        // Typing on, a backspace, typing on again, a new word: each answer is a whole search's.
        for term in ["a", "ab", "abc", "ab", "abe", "abec", "c", "ca", "b a", "b ab"] {
            for everyWord in [false, true] {
                let narrowed = index.search(term, everyWord: everyWord, narrowing: recent)
                #expect(narrowed?.positions == index.positions(matching: term, everyWord: everyWord), "\(term)")
                if let narrowed { recent.append(narrowed) }
            }
        }
    }

    @Test("Matches narrowed after the index grew include the keys added since; another index's are ignored")
    func narrowingGrown() throws {
        var index = SearchIndex(keys: ["lovelace", "hopper", "love"])
        let first = try #require(index.search("lov"))
        #expect(first.positions == [0, 2])
        index.append(key: "glove")
        index.append(contentsOf: SearchIndex(keys: ["x", "lovely"]))
        #expect(index.count == 6)
        #expect(index.search("love", narrowing: [first])?.positions == [0, 2, 3, 5])
        let other = try #require(SearchIndex(keys: ["y", "y", "y", "y", "y", "y"]).search("y"))
        #expect(index.search("love", narrowing: [other])?.positions == [0, 2, 3, 5])
    }

    @Test("A cancelled search stops and answers nil, narrowing or not")
    func cancelled() async throws {
        let index = SearchIndex(keys: (0..<20_000).map { "key \($0)" })
        let earlier = try #require(index.search("ke"))
        let task = Task { () -> [SearchMatches?] in
            withUnsafeCurrentTask { $0?.cancel() }
            return [index.search("k"), index.search("key", narrowing: [earlier])]
        }
        #expect(await task.value.allSatisfy { $0 == nil })
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

extension SearchIndexTests {
    @Test("A list long enough to scan in parts finds what a key-by-key search finds, in order, narrowing too")
    func scannedInParts() throws {
        let names = ["mari tamm", "jüri saar", "", "tõnu kask", "anna ivanova", "t", "sepp"]
        let keys = (0..<300_000).map { SearchKey.fold("\(names[$0 % names.count]) k\($0 % 997)") }
        let index = SearchIndex(keys: keys)
        var earlier: [SearchMatches] = []
        for term in ["t", "ta", "tam", "k99", "k996", "saar k1", "sepp k0", "nu ka", "zz", "k"] {
            let folded = SearchKey.fold(term)
            // The C library's strstr: a matcher that shares nothing with the index's.
            let expected = keys.indices.filter { position in
                keys[position].withCString { key in folded.withCString { strstr(key, $0) != nil } }
            }
            #expect(index.positions(matching: term) == expected, "\(term)")
            let found = try #require(index.search(term, narrowing: earlier))
            #expect(found.positions == expected, "\(term), narrowing")
            earlier.append(found)
        }
    }

    @Test("First matches: a prefix of the whole answer, only for a big index and a term found early")
    func firstMatches() {
        let count = SearchIndex.firstMatchesAbove + 1
        let index = SearchIndex(count: count) { "user\($0)\nuser\($0)@example.com" }
        let whole = index.positions(matching: "9") ?? []
        #expect(index.firstMatches(of: "9", limit: 256) == Array(whole.prefix(256)))
        #expect(index.firstMatches(of: "user1 example", everyWord: true, limit: 10)
            == Array((index.positions(matching: "user1 example", everyWord: true) ?? []).prefix(10)))
        // Fewer than the limit within the records looked through: the whole answer is awaited.
        #expect(index.firstMatches(of: "user200000", limit: 1) == nil, "only past the first records")
        #expect(index.firstMatches(of: "zzz", limit: 1) == nil)
        #expect(index.firstMatches(of: "  ", limit: 10) == nil, "a blank term shows everything at once")
        let small = SearchIndex(count: 1000) { "user\($0)" }
        #expect(small.firstMatches(of: "9", limit: 10) == nil, "a small index answers whole within a frame")
    }
}
