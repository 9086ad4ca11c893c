import Foundation
import RoloCore
import Testing

@Suite("RandomUserDecoder reads every quirk of randomuser.me's pages")
struct RandomUserDecoderTests {
    private func page(_ fixture: String = "page.json") throws -> RandomUserPage {
        try RandomUserDecoder.decodePage(Fixture.data("randomuser/\(fixture)"))
    }

    private func decodingError(_ fixture: String) throws -> FetchError? {
        let data = try Fixture.data("randomuser/\(fixture)")
        return #expect(throws: FetchError.self) { _ = try RandomUserDecoder.decodePage(data) }
    }

    @Test("The page's persons in order, ids from login.uuid, and the info block")
    func pageAndInfo() throws {
        let page = try page()
        #expect(page.persons.map(\.id) == [
            "7a0eed16-9430-4d68-901f-c0d4c1c3bf00", "b4c0ffee-0000-4000-8000-000000000002",
            "c0000000-0000-4000-8000-000000000003", "d0000000-0000-4000-8000-000000000004",
        ])
        #expect(page.seed == "56d27f4a53bd5441")
        #expect(page.page == 3)
        #expect(page.results == 4)
    }

    @Test("Every field of the API's own example person")
    func example() throws {
        let jennie = try #require(try page().persons.first)
        #expect(jennie.title == "Miss")
        #expect(jennie.fullName == "Jennie Nichols")
        #expect(jennie.gender == "female")
        #expect(jennie.email == "jennie.nichols@example.com")
        #expect(jennie.phone == "(272) 790-0888")
        #expect(jennie.cell == "(489) 330-2385")
        #expect(jennie.nationality == "US")
        #expect(jennie.street == "8929 Valwood Pkwy")
        #expect(jennie.formattedAddress == "8929 Valwood Pkwy, Billings, Michigan 63104, United States")
        #expect(jennie.idName == "SSN")
        #expect(jennie.idValue == "405-88-3636")
        #expect(jennie.pictureLarge == URL(string: "https://randomuser.me/api/portraits/men/75.jpg"))
        #expect(jennie.pictureMedium == URL(string: "https://randomuser.me/api/portraits/med/men/75.jpg"))
        #expect(jennie.pictureThumbnail == URL(string: "https://randomuser.me/api/portraits/thumb/men/75.jpg"))
        #expect(jennie.contactName == nil && jennie.contactPhone == nil)
    }

    @Test("Postcodes: a number as its digits, a string with its leading zeros kept")
    func postcodes() throws {
        #expect(try page().persons.map(\.postcode) == ["63104", "12345", "0170", "01001"])
    }

    @Test("Coordinates stay the API's text; numbers sent instead become text")
    func coordinates() throws {
        let persons = try page().persons
        #expect(persons[0].latitude == "-69.8246" && persons[0].longitude == "134.8719")
        #expect(persons[2].latitude == "59.9139" && persons[2].longitude == "10.7522")
    }

    @Test("id.value null is nil, an empty id.value and id.name stay empty")
    func nationalIDs() throws {
        let persons = try page().persons
        #expect(persons[1].idName == "" && persons[1].idValue == nil)
        #expect(persons[3].idName == "" && persons[3].idValue == "")
    }

    @Test("Dates keep their milliseconds; a null or unreadable date is nil")
    func dates() throws {
        let persons = try page().persons
        let birthday = try #require(persons[0].birthday).timeIntervalSince1970
        #expect(abs(birthday - 700_067_596.688) < 0.0001)
        let registered = try #require(persons[1].registered).timeIntervalSince1970
        #expect(abs(registered - 1_262_304_000.001) < 0.0001)
        #expect(persons[2].registered == nil)
        #expect(persons[3].birthday == nil)
    }

    @Test("Persian and Cyrillic names are kept; an escape sequence is removed")
    func scripts() throws {
        let persons = try page().persons
        #expect(persons[1].fullName == "محمد رضایی")
        #expect(persons[1].city == "تهران")
        #expect(persons[3].firstName == "Оксана")
        #expect(persons[3].lastName == "Шевченко")
        #expect(persons[2].lastName == "Øvergaard")
    }

    @Test("Only absolute http(s) pictures; a text street number is kept")
    func oddValues() throws {
        let persons = try page().persons
        #expect(persons[1].pictureMedium == nil && persons[1].pictureThumbnail == nil)
        #expect(persons[3].pictureLarge == nil)
        #expect(persons[2].street == "12B Kirkeveien")
    }

    @Test("emergency_contact gives the contact person where the body has one")
    func contact() throws {
        let persons = try page().persons
        #expect(persons[2].contactName == "Sigrid Haugen" && persons[2].contactPhone == "49876543")
        #expect(persons[3].contactName == "Тарас Шевченко" && persons[3].contactPhone == nil)
        #expect(persons[1].contactName == nil)
    }

    @Test("A person survives a round trip through Codable, as the database stores it")
    func codable() throws {
        let persons = try page().persons
        let copy = try JSONDecoder().decode([RandomPerson].self, from: JSONEncoder().encode(persons))
        #expect(copy == persons)
    }

    @Test("The API's {error} body is a failure in the API's words")
    func errorBody() throws {
        let error = try #require(try decodingError("error.json"))
        #expect(error.kind == .badResponse)
        #expect(error.message == "randomuser.me says: Uh oh, something has gone wrong. Please tweet us @randomapi about the issue. Thank you. — r to retry")
    }

    @Test("HTML, malformed JSON or no results list are unreadable; a person with no uuid, name or email is skipped")
    func unreadable() throws {
        #expect(try decodingError("bad-gateway.html")?.message == "The randomuser server sent an HTML page instead of JSON — r to retry")
        #expect(try decodingError("malformed.json")?.message == "The randomuser server sent data rolo can't read (not valid JSON) — r to retry")
        #expect(try decodingError("no-results.json")?.message.contains("'results'") == true)
        let page = try page("missing-uuid.json")
        #expect(page.skipped.map(\.index) == [1])
        #expect(page.skipped.map(\.reason) == ["no 'login.uuid', and no name, email or username to know the person by"])
    }
}
