import RoloCore
import Testing

@Suite("Country gives flags and names for the assigned ISO 3166-1 codes only")
struct FoodsCountryTests {
    @Test("There are the 249 assigned codes, all two capital letters")
    func codes() {
        #expect(Country.codes.count == 249)
        #expect(Country.codes.allSatisfy { $0.count == 2 && $0.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) } })
    }

    @Test("Every assigned code has a flag of its two regional indicators and a name", arguments: Country.codes)
    func everyCode(code: String) throws {
        let flag = try #require(Country.flag(for: code))
        let indicators = flag.unicodeScalars.map(\.value)
        let expected = code.unicodeScalars.map { 0x1F1E6 + $0.value - 0x41 }
        #expect(indicators == expected)
        #expect(flag.count == 1, "one grapheme")
        let name = try #require(Country.name(for: code))
        #expect(!name.isEmpty)
    }

    @Test("Known flags and names")
    func known() {
        #expect(Country.flag(for: "EE") == "🇪🇪")
        #expect(Country.flag(for: "FR") == "🇫🇷")
        #expect(Country.name(for: "EE") == "Estonia")
        #expect(Country.name(for: "GB") == "United Kingdom")
        #expect(Country.name(for: "KR") == "South Korea")
        #expect(Country.name(for: "CI") == "Côte d'Ivoire")
        #expect(Country.name(for: "CD") == "DR Congo")
    }

    @Test("Lower and mixed case work")
    func caseInsensitive() {
        #expect(Country.flag(for: "ee") == "🇪🇪")
        #expect(Country.flag(for: "Jp") == "🇯🇵")
        #expect(Country.name(for: "us") == "United States")
    }

    @Test(
        "Unassigned, reserved and malformed codes have neither flag nor name",
        arguments: ["XX", "ZZ", "AB", "12", "", "USA", "E", "EU", "UN", "XK", "AC", "QO", "UK", "🇪🇪", "É"]
    )
    func invalid(code: String) {
        #expect(Country.flag(for: code) == nil)
        #expect(Country.name(for: code) == nil)
    }
}
