import Foundation
@testable import RoloCore
import Testing

@Suite("Collator orders text by a locale's collation, case ignored, through sort keys")
struct CollatorTests {
    /// The comparison the directory sorted with before collation keys: both texts lowercased in
    /// the locale, then compared by Foundation in it.
    private static func foundationOrder(_ a: String, _ b: String, _ locale: Locale) -> ComparisonResult {
        a.lowercased(with: locale).compare(b.lowercased(with: locale), options: [], range: nil, locale: locale)
    }

    /// `texts` in the collator's order, ties kept in their given order.
    private static func sorted(_ texts: [String], _ collator: Collator) -> [String] {
        let ranks = collator.ranks(of: texts)
        return texts.indices.sorted { (ranks[$0], $0) < (ranks[$1], $1) }.map { texts[$0] }
    }

    /// Names as the directory meets them: Estonian, German, Nordic, Turkish and French letters,
    /// in any case, with hyphens, blanks and apostrophes, a decomposed accent now and then, and
    /// some empty.
    private static func names(count: Int) -> [String] {
        let letters = "aAbcCdeEfghiIıİjklmnoOprsStTuvwzZõÕäÄöÖüÜšŠžŽßẞéÉèçñøØåÅæłŁ".map(String.init) + ["e\u{301}", "o\u{308}", "ﬁ"]
        let joiners = ["-", " ", "'", ""]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<count).map { _ in
            let length = next(9)
            var name = ""
            for place in 0..<length {
                if place > 0, next(6) == 0 { name += joiners[next(joiners.count)] }
                name += letters[next(letters.count)]
            }
            return name
        }
    }

    static let locales = ["et_EE", "de_DE", "en_US", "en_US_POSIX", "sv_SE", "tr_TR"]

    @Test("Ranks give the order and the ties of Foundation's comparison", arguments: locales)
    func sameAsFoundation(identifier: String) {
        let locale = Locale(identifier: identifier)
        let names = Self.names(count: 1_500)
        let ranks = Collator(locale: locale).ranks(of: names)
        // Neighbours in the new order, compared the old way both ways round, so a disagreement
        // names the two texts.
        let order = names.indices.sorted { (ranks[$0], $0) < (ranks[$1], $1) }
        var disagreements: [String] = []
        for (a, b) in zip(order, order.dropFirst()) {
            let expected: ComparisonResult = ranks[a] < ranks[b] ? .orderedAscending : .orderedSame
            let old = Self.foundationOrder(names[a], names[b], locale)
            // Where the old comparison contradicts itself ("pasü" > "paš" and "paš" > "pasü" in
            // Estonian) it gave no order to keep; `contradictions` checks the new one there.
            let selfConsistent = old.rawValue == -Self.foundationOrder(names[b], names[a], locale).rawValue
            if old != expected, selfConsistent {
                disagreements.append("\(names[a].debugDescription) \(names[b].debugDescription): Foundation \(old.rawValue)")
            }
        }
        #expect(disagreements.isEmpty, "in \(identifier): \(disagreements.prefix(10))")
    }

    @Test("Where Foundation's comparison contradicted itself, the locale's alphabet decides")
    func contradictions() {
        let estonian = Locale(identifier: "et_EE")
        // CoreFoundation compares from the first difference after decomposing `š` into `s` and a
        // caron, and so calls each of these greater than the other.
        #expect(Self.foundationOrder("Pasü", "Paš", estonian) == .orderedDescending)
        #expect(Self.foundationOrder("Paš", "Pasü", estonian) == .orderedDescending)
        // s before š, t before ü, in the Estonian alphabet.
        #expect(Self.sorted(["Paš", "Pasü", "Pasta"], Collator(locale: estonian)) == ["Pasta", "Pasü", "Paš"])
        #expect(Self.sorted(["Iš", "Isü"], Collator(locale: estonian)) == ["Isü", "Iš"])
        let turkish = Locale(identifier: "tr_TR")
        #expect(Self.sorted(["bç", "bcüz"], Collator(locale: turkish)) == ["bcüz", "bç"])
    }

    @Test("Without ICU the same order comes from Foundation's comparison", arguments: ["et_EE", "en_US_POSIX", "tr_TR"])
    func foundationFallback(identifier: String) {
        let locale = Locale(identifier: identifier)
        let names = [
            "Õunapuu", "Tamm", "tamm", "TAMM", "Šokk", "Saar", "", "Zahkna", "Žukov", "Ülle", "Mägi", "Magi", "Mahl",
            "Iğdır", "Işık", "İnce", "Kuusk-Mägi", "Kuusk Mägi", "O'Brien", "Ju\u{308}ri", "Jüri", "iOS", "Web",
        ]
        #expect(Collator(locale: locale, usingICU: false).ranks(of: names) == Collator(locale: locale).ranks(of: names))
    }

    @Test("Estonian puts š z ž between s and t, and õ ä ö ü after w; English by base letter")
    func estonian() {
        let names = ["Õunapuu", "Tamm", "Žukov", "Saar", "Zahkna", "Šokk", "Wiik", "Ülle", "Valk"]
        #expect(Self.sorted(names, Collator(locale: Locale(identifier: "et_EE")))
            == ["Saar", "Šokk", "Zahkna", "Žukov", "Tamm", "Valk", "Wiik", "Õunapuu", "Ülle"])
        #expect(Self.sorted(names, Collator(locale: Locale(identifier: "en_US")))
            == ["Õunapuu", "Saar", "Šokk", "Tamm", "Ülle", "Valk", "Wiik", "Zahkna", "Žukov"])
    }

    @Test("Case is ignored, in the POSIX locale too, where ICU puts all capitals first")
    func caseIgnored() {
        for identifier in ["en_US", "en_US_POSIX", "et_EE"] {
            let collator = Collator(locale: Locale(identifier: identifier))
            #expect(Set(collator.ranks(of: ["tamm", "Tamm", "TAMM"])).count == 1, "in \(identifier)")
            #expect(Self.sorted(["Web", "iOS", "Android"], collator) == ["Android", "iOS", "Web"], "in \(identifier)")
        }
    }

    @Test("Accents count after base letters: Mägi sorts between Magi and Mahl")
    func accentsAfterBaseLetters() {
        let collator = Collator(locale: Locale(identifier: "en_US"))
        #expect(Self.sorted(["Mahl", "Mägi", "Magi"], collator) == ["Magi", "Mägi", "Mahl"])
        #expect(collator.ranks(of: ["Ju\u{308}ri", "Jüri", "Juri"]) == [1, 1, 0], "a decomposed ü is the same letter")
    }

    @Test("Empty texts come first and share a rank")
    func emptyTexts() {
        let collator = Collator(locale: Locale(identifier: "et_EE"))
        #expect(collator.ranks(of: ["b", "", "a", ""]) == [2, 0, 1, 0])
        #expect(collator.ranks(of: []).isEmpty)
    }

    @Test("Only the first TextBound.line characters count, so a huge text costs no more than that")
    func longTexts() {
        let collator = Collator(locale: Locale(identifier: "et_EE"))
        let prefix = String(repeating: "a", count: Collator.bound)
        let huge = prefix + String(repeating: "z", count: 1_000_000)
        #expect(collator.ranks(of: [prefix + "b", huge, prefix]) == [0, 0, 0])
        let shorter = String(repeating: "a", count: Collator.bound - 1)
        #expect(collator.ranks(of: [huge, shorter + "b", shorter]) == [1, 2, 0])
    }

    @Test("A repeated text gets the same rank each time")
    func duplicates() {
        let collator = Collator(locale: Locale(identifier: "de_DE"))
        #expect(collator.ranks(of: ["Müller", "Mueller", "Müller", "Muller"]) == [2, 0, 2, 1])
    }

    @Test("A long list is ranked as samples of it are, each alone")
    func longList() {
        let collator = Collator(locale: Locale(identifier: "et_EE"))
        // Many keys alike in their first eight bytes, ordered by the rest.
        let texts = Self.names(count: 40_000).enumerated().map { "\($1) \($0 % 500)" }
        let ranks = collator.ranks(of: texts)
        for sample in stride(from: 0, to: texts.count, by: 4_000) {
            let picked = Array(sample..<sample + 1_500)
            let alone = Collator(locale: Locale(identifier: "et_EE")).ranks(of: picked.map { texts[$0] })
            for (a, b) in zip(picked.indices, picked.indices.dropFirst()) {
                let whole = ranks[picked[a]] < ranks[picked[b]] ? -1 : ranks[picked[a]] == ranks[picked[b]] ? 0 : 1
                let part = alone[a] < alone[b] ? -1 : alone[a] == alone[b] ? 0 : 1
                #expect(whole == part, "\(texts[picked[a]]) / \(texts[picked[b]])")
            }
        }
    }

    @Test("Texts are told apart by their bytes: an NFD spelling gets the NFC one's rank")
    func spellings() {
        let collator = Collator(locale: Locale(identifier: "et_EE"))
        #expect(collator.ranks(of: ["J\u{FC}ri", "Ju\u{308}ri", "Juri"]) == [1, 1, 0])
    }
}

@Suite("Texts compared and hashed by their UTF-8 bytes")
struct UTF8IdentityTests {
    @Test("the same bytes are equal and hash alike; canonical equivalents are not equal")
    func bytes() {
        #expect("Mägi".hasSameUTF8(as: "M\u{E4}gi"))
        #expect(!"Mägi".hasSameUTF8(as: "Ma\u{308}gi"))
        #expect(!"Mägi".hasSameUTF8(as: "Mägi "))
        #expect("".hasSameUTF8(as: ""))
        #expect(UTF8Key("Tamm").hashValue == UTF8Key(String("xTamm".dropFirst())).hashValue)
        #expect(Set([UTF8Key("Mägi"), UTF8Key("Ma\u{308}gi"), UTF8Key("M\u{E4}gi")]).count == 2)
    }

    @Test("name keys hash and compare by bytes, and NFC makes canonical equivalents one key")
    func nameKeys() {
        let keys = Set([PersonNameKey(fullName: "Jüri Mägi"), PersonNameKey(fullName: "ju\u{308}ri ma\u{308}gi"), PersonNameKey(fullName: "Juri Magi")])
        #expect(keys.count == 2)
    }
}
