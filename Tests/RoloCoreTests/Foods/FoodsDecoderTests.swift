import Foundation
import RoloCore
import Testing

@Suite("FoodsDecoder reads both list shapes, both date forms and odd values")
struct FoodsDecoderTests {
    private func foods(_ fixture: String) throws -> [Food] {
        try FoodsDecoder.decodeFoods(Fixture.data("foods/\(fixture)")).records
    }

    private func decodingError(_ fixture: String) throws -> FetchError? {
        let data = try Fixture.data("foods/\(fixture)")
        return #expect(throws: FetchError.self) { _ = try FoodsDecoder.decodeFoods(data) }
    }

    @Test("The bare array and the paged {foods, totalCount} object decode the same")
    func listShapes() throws {
        let bare = try foods("list-bare.json")
        #expect(try foods("list-paged.json") == bare)
        #expect(bare.map(\.id) == ["99", "a7", "3"])
        #expect(bare.map(\.name) == ["French Onion Soup", "Kiluvõileib", "Mystery Stew"])
        #expect(bare.map(\.isLiked) == [false, true, false])
    }

    @Test("Every field of the API's own example")
    func example() throws {
        let soup = try #require(try foods("list-bare.json").first)
        #expect(soup.photoURL == URL(string: "https://opentable-dex-ios-test-000000000000.herokuapp.com/images/soup.jpg"))
        #expect(soup.description == "French onion soup is a soup usually based on meat stock and onions.")
        #expect(soup.countryCode == "FR")
        #expect(soup.lastUpdated == Date(timeIntervalSince1970: 0))
    }

    @Test("Dates with and without fractional seconds, with Z or an offset")
    func dates() throws {
        let dates = try foods("list-bare.json").map(\.lastUpdated)
        #expect(dates == [
            Date(timeIntervalSince1970: 0),
            Date(timeIntervalSince1970: 1_710_238_830),
            Date(timeIntervalSince1970: 1_710_238_830.5),
        ])
    }

    @Test("An empty or null description is empty; a null photoURL is nil; country codes are upper-cased")
    func emptyValues() throws {
        let list = try foods("list-bare.json")
        #expect(list[1].description == "")
        #expect(list[2].description == "")
        #expect(list[2].photoURL == nil)
        #expect(list.map(\.countryCode) == ["FR", "EE", "XX"])
    }

    @Test("Escape sequences are removed from names")
    func sanitized() throws {
        #expect(try foods("list-bare.json")[2].name == "Mystery Stew")
    }

    @Test("Unknown keys are ignored")
    func unknownKeys() throws {
        #expect(try foods("list-bare.json")[1].id == "a7")
    }

    @Test("Optional fields of the wrong type fall back to none instead of failing the list")
    func oddOptionalTypes() throws {
        let expected = Food(id: "99", name: "French Onion Soup")
        #expect(try foods("list-odd-optional-types.json").first == Food(
            id: "99", name: "French Onion Soup", isLiked: false, photoURL: nil, description: "42",
            countryCode: nil, lastUpdated: nil))
        #expect(try foods("list-absent-optionals.json").first == expected)
    }

    @Test(
        "A food with a missing or unusable id or name is skipped, naming the field and the index",
        arguments: [
            ("list-missing-id.json", 1, "'id' is missing"),
            ("list-missing-name.json", 2, "'name' is missing"),
            ("list-name-object.json", 0, "'name' should be text"),
            ("list-id-bool.json", 0, "'id' should be a whole number or text"),
        ]
    )
    func requiredFields(fixture: String, index: Int, reason: String) throws {
        let list = try FoodsDecoder.decodeFoods(Fixture.data("foods/\(fixture)"))
        #expect(list.skipped.map(\.index) == [index])
        #expect(list.skipped.map(\.reason) == [reason])
        #expect(!list.records.isEmpty)
    }

    @Test("An HTML page is unreadable and says so")
    func html() throws {
        let error = try decodingError("heroku-error.html")
        #expect(error?.kind == .badResponse)
        #expect(error?.message == "The foods server sent an HTML page instead of JSON — r to retry")
    }

    @Test("Malformed JSON, an empty body and a 'foods' that isn't a list are unreadable")
    func malformed() throws {
        #expect(try decodingError("malformed.json")?.message
            == "The foods server sent data rolo can't read (not valid JSON) — r to retry")
        #expect(try decodingError("paged-not-list.json")?.message
            == "The foods server sent data rolo can't read (expected a list of foods, or an object with a 'foods' list) — r to retry")
        let empty = #expect(throws: FetchError.self) { _ = try FoodsDecoder.decodeFoods(Data()) }
        #expect(empty?.message == "The foods server sent an empty answer — r to retry")
    }
}
