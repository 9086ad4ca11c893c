import Foundation
import RoloCore
import Testing

/// Answers of every API version randomuser.me still serves (`/api/1.0/` … `/api/1.4/`) and of
/// the versions before 1.0, each read field by field.
@Suite("RandomUserDecoder reads every API version")
struct RandomUserVersionTests {
    /// Ages are counted on 1 January 2026, in UTC.
    private static let today = Date(timeIntervalSince1970: 1_767_268_800)
    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private func persons(_ version: String) throws -> [RandomPerson] {
        let page = try RandomUserDecoder.decodePage(Fixture.data("randomuser/v\(version).json"))
        #expect(page.skipped.isEmpty, "\(page.skipped)")
        return page.persons
    }

    private func expectInstant(_ date: Date?, _ seconds: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let date else {
            Issue.record("no date, expected \(seconds)", sourceLocation: sourceLocation)
            return
        }
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.0005, "\(date)", sourceLocation: sourceLocation)
    }

    private func age(_ person: RandomPerson) -> Int? {
        person.age(on: Self.today, calendar: Self.utc)
    }

    private func url(_ text: String) -> URL? { URL(string: text) }

    /// What the first person of a version's fixture must read as.
    struct FirstPerson: Sendable, CustomTestStringConvertible {
        var version: String
        var title: String
        var name: String
        var gender: String
        var birthday: Double
        var registered: Double
        var age: Int
        var email: String
        var phone: String
        var cell: String
        var address: String
        var nationality: String
        var picture: String
        var nationalID: (name: String, value: String?)

        var testDescription: String { version }
    }

    static let firstPersons = [
        FirstPerson(version: "1.4", title: "Ms", name: "Оксана Бондаренко", gender: "female", birthday: -385_834_475.568,
                    registered: 1_260_036_375.109, age: 68, email: "oksana.bondarenko@example.com", phone: "(067) Q06-4175",
                    cell: "(098) S48-2210", address: "4712 Хрещатик, Житомир, Київська 01024, Ukraine", nationality: "UA",
                    picture: "https://randomuser.me/api/portraits/women/55.jpg", nationalID: ("", nil)),
        FirstPerson(version: "1.3", title: "Mr", name: "Jules Sanchez", gender: "male", birthday: -19_235_212.337,
                    registered: 1_115_526_318.464, age: 56, email: "jules.sanchez@example.com", phone: "01-81-59-00-54",
                    cell: "06-18-94-89-63", address: "3378 Rue Louis-Blanqui, Montreuil, Haute-Corse 18254, France",
                    nationality: "FR", picture: "https://randomuser.me/api/portraits/men/81.jpg",
                    nationalID: ("INSEE", "1690445054125 75")),
        FirstPerson(version: "1.2", title: "mr", name: "آرسین کریمی", gender: "male", birthday: 123_540_084,
                    registered: 1_221_967_979, age: 52, email: "آرسین.کریمی@example.com", phone: "037-51-620-841",
                    cell: "0917-409-6237", address: "8436 Shahid Beheshti, کرج, سیستان و بلوچستان 43921", nationality: "IR",
                    picture: "https://randomuser.me/api/portraits/men/10.jpg", nationalID: ("", nil)),
        FirstPerson(version: "1.1", title: "mr", name: "romain hoogendijk", gender: "male", birthday: 427_015_785,
                    registered: 1_285_294_242, age: 42, email: "romain.hoogendijk@example.com", phone: "(656)-976-4980",
                    cell: "(065)-247-9303", address: "1861 jan pieterszoon coenstraat, maasdriel, zeeland 69217",
                    nationality: "NL", picture: "https://randomuser.me/api/portraits/men/83.jpg", nationalID: ("BSN", "04242023")),
        FirstPerson(version: "1.0", title: "mr", name: "liam walker", gender: "", birthday: 711_178_612,
                    registered: 1_377_080_910, age: 33, email: "liam.walker@example.com", phone: "(532)-659-0677",
                    cell: "(639)-511-5260", address: "5638 old taupo road, dunedin, gisborne 96137", nationality: "",
                    picture: "https://randomuser.me/api/portraits/men/42.jpg", nationalID: ("", nil)),
        FirstPerson(version: "0.4", title: "mr", name: "ritthy mendoza", gender: "male", birthday: 353_497_588,
                    registered: 1_138_571_847, age: 44, email: "ritthy.mendoza70@example.com", phone: "(837)-192-1272",
                    cell: "(744)-279-6420", address: "9791 robinson rd, vernon, idaho 36531", nationality: "",
                    picture: "http://api.randomuser.me/portraits/men/64.jpg", nationalID: ("", nil)),
    ]

    @Test("Each version's first person, field by field", arguments: firstPersons)
    func firstPerson(_ expected: FirstPerson) throws {
        let person = try #require(try persons(expected.version).first)
        #expect(person.title == expected.title)
        #expect(person.fullName == expected.name)
        #expect(person.gender == expected.gender)
        expectInstant(person.birthday, expected.birthday)
        expectInstant(person.registered, expected.registered)
        #expect(age(person) == expected.age)
        #expect(person.email == expected.email)
        #expect(person.phone == expected.phone)
        #expect(person.cell == expected.cell)
        #expect(person.formattedAddress == expected.address)
        #expect(person.nationality == expected.nationality)
        #expect(person.pictureLarge == url(expected.picture))
        #expect(person.idName == expected.nationalID.name && person.idValue == expected.nationalID.value)
    }

    @Test("1.3 and 1.4: ids from login.uuid, the street as {number, name}, coordinates")
    func current() throws {
        #expect(try persons("1.4").map(\.id) == ["1219ebe4-59bd-44e3-83c7-336e2e2f494b", "933687fd-ce1f-44ad-a3e8-8ca03ce5094d"])
        let oksana = try persons("1.4")[0]
        #expect(oksana.streetNumber == "4712" && oksana.streetName == "Хрещатик")
        #expect(oksana.latitude == "50.4501" && oksana.longitude == "30.5234")
        #expect(oksana.pictureThumbnail == url("https://randomuser.me/api/portraits/thumb/women/55.jpg"))
        let persons13 = try persons("1.3")
        #expect(persons13[0].id == "6f35e861-118f-4df2-beb0-862d3d28e019")
        #expect(persons13[0].pictureMedium == url("https://randomuser.me/api/portraits/med/men/81.jpg"))
        #expect(persons13[1].fullName == "Ömür Paksüt" && persons13[1].city == "İstanbul" && age(persons13[1]) == 35)
    }

    @Test("1.2: the street is one string, kept whole rather than guessed apart; no country yet")
    func version12() throws {
        let persons = try persons("1.2")
        #expect(persons[0].id == "70845082-167a-4a18-acd0-c8611c038a9d")
        #expect(persons[0].streetNumber == "" && persons[0].streetName == "8436 Shahid Beheshti")
        #expect(persons[0].country == "")
        #expect(persons[0].latitude == "-63.3666" && persons[0].longitude == "-118.0485")
        #expect(persons[1].street == "2678 rue de l'abbé-groult" && persons[1].idName == "AVS" && age(persons[1]) == 35)
    }

    @Test("1.1 and 1.0: no login.uuid, so ids are fingerprints, one per person")
    func withoutUUID() throws {
        for version in ["1.1", "1.0"] {
            let ids = try persons(version).map(\.id)
            #expect(ids.allSatisfy { $0.hasPrefix("fp-") && $0.count == 19 }, "\(ids)")
            #expect(Set(ids).count == 2)
        }
        let aada = try persons("1.1")[1]
        expectInstant(aada.birthday, 549_794_531)
        #expect(aada.postcode == "08290" && aada.nationality == "FI" && age(aada) == 38)
        let mia = try persons("1.0")[1]
        expectInstant(mia.birthday, -123_456_789)
        #expect(mia.gender == "female" && mia.nationality == "NZ" && age(mia) == 59)
    }

    @Test("Before 1.0: each person wrapped in {user}, zip, a one-URL picture, no info")
    func beforeOne() throws {
        let page = try RandomUserDecoder.decodePage(Fixture.data("randomuser/v0.4.json"))
        #expect(page.seed == nil && page.page == nil && page.results == nil)
        let persons = try persons("0.4")
        #expect(persons[0].id.hasPrefix("fp-") && persons[0].postcode == "36531")
        #expect(persons[0].pictureThumbnail == url("http://api.randomuser.me/portraits/thumb/men/64.jpg"))
        let rosa = persons[1]
        #expect(rosa.fullName == "rosa hart" && age(rosa) == 40)
        #expect(rosa.pictureLarge == url("http://api.randomuser.me/portraits/women/68.jpg"))
        #expect(rosa.pictureThumbnail == rosa.pictureLarge && rosa.pictureMedium == nil)
    }

    @Test("Without login.uuid, the id is a fingerprint of what the API drew: the same values, the same id")
    func fingerprint() throws {
        for version in ["1.1", "1.0", "0.4"] {
            #expect(try persons(version).map(\.id) == (try persons(version).map(\.id)))
        }
        let body = """
            {"results": [
              {"name": {"first": "Ann", "last": "Lee"}, "email": "ann@example.com", "dob": 0},
              {"name": {"first": "Ann", "last": "Lee"}, "email": "ann@example.com", "dob": 0},
              {"name": {"first": "Ann", "last": "Lee"}, "email": "ann2@example.com", "dob": 0},
              {"name": {"first": "Ann", "last": "Lee"}, "email": "ann@example.com", "dob": 86400},
              {"gender": "female", "nat": "US", "location": {"city": "Nowhere"}},
              {"login": {"uuid": ""}, "name": {"first": "Blank"}}
            ]}
            """
        let page = try RandomUserDecoder.decodePage(Data(body.utf8))
        let ids = page.persons.map(\.id)
        #expect(ids.count == 4)
        #expect(ids[0] == ids[1])
        #expect(Set(ids).count == 3, "another email or birthday is another person: \(ids)")
        #expect(page.skipped.map(\.index) == [4, 5])
        #expect(page.skipped.map(\.reason) == [
            "no 'login.uuid', and no name, email or username to know the person by", "'login.uuid' is empty",
        ])
    }

    @Test("Dates in every form; out-of-range or unknown forms are no date")
    func dateForms() throws {
        let body = """
            {"results": [
              {"login": {"uuid": "a"}, "dob": "1987-06-04T08:42:11", "registered": "1987-06-04T08:42:11.250+02:00"},
              {"login": {"uuid": "b"}, "dob": {"date": 549794531}, "registered": "-86400"},
              {"login": {"uuid": "c"}, "dob": 1e300, "registered": "04/06/1987"},
              {"login": {"uuid": "d"}, "dob": {"date": "1987-06-04 08:42:11", "age": 38}, "registered": true}
            ]}
            """
        let persons = try RandomUserDecoder.decodePage(Data(body.utf8)).persons
        expectInstant(persons[0].birthday, 549_794_531)
        expectInstant(persons[0].registered, 549_794_531.25 - 7200)
        expectInstant(persons[1].birthday, 549_794_531)
        expectInstant(persons[1].registered, -86_400)
        #expect(persons[2].birthday == nil && persons[2].registered == nil)
        expectInstant(persons[3].birthday, 549_794_531)
        #expect(persons[3].registered == nil)
    }

    @Test("Old persons round-trip through Codable as the database keeps them")
    func codable() throws {
        let old = try ["1.0", "1.1", "1.2", "0.4"].flatMap(persons)
        #expect(try JSONDecoder().decode([RandomPerson].self, from: JSONEncoder().encode(old)) == old)
    }
}
