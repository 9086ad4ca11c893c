import Foundation
import RoloCore
import Testing

@Suite("DirectoryMerge shows each person once, grouped and sorted")
struct DirectoryMergeTests {
    private func person(
        _ first: String, _ last: String, _ position: DirectoryEmployee.Position = .ios,
        phone: String? = nil, projects: [String] = [], email: String = "x@y"
    ) -> DirectoryEmployee {
        DirectoryEmployee(firstName: first, lastName: last, email: email, phone: phone, position: position, projects: projects)
    }

    @Test("Duplicates by trimmed, case-insensitive full name are merged: first wins, projects united, first phone kept")
    func duplicates() throws {
        let tallinn = try DirectoryDecoder.decodeEmployees(try Fixture.data("directory/tallinn.json")).records
        let tartu = try DirectoryDecoder.decodeEmployees(try Fixture.data("directory/tartu.json")).records
        let merged = DirectoryMerge.merge([tallinn, tartu])
        #expect(merged.map(\.fullName) == [
            "Peeter Termomeeter", "Mari-Liis Tamm", "Jüri Õunapuu", "Juri Ounapuu", "Tõnis Kask-Mägi",
        ])
        let mariLiis = merged[1]
        #expect(mariLiis.projects == ["Päevik", "Õpik"])
        #expect(mariLiis.phone == "+372 5123 4567")
    }

    @Test("A large merge, its names keyed on several cores, keeps each person once in order of first appearance")
    func largeMerge() {
        let tallinn = (0..<12_000).map { person("Mari", "Tamm-\($0)", phone: $0.isMultiple(of: 2) ? nil : "t\($0)") }
        let tartu = (6_000..<18_000).map { person("MARI ", "tamm-\($0)", phone: "u\($0)", projects: ["P"]) }
        let merged = DirectoryMerge.merge([tallinn, tartu])
        #expect(merged.count == 18_000)
        #expect(merged.map(\.lastName) == tallinn.map(\.lastName) + tartu.suffix(6_000).map(\.lastName))
        #expect(merged[6_000].phone == "u6000", "a Tallinn person without a phone takes Tartu's")
        #expect(merged[6_001].phone == "t6001")
        #expect(merged[11_999].projects == ["P"])
    }

    @Test("The merge gives each person's name key beside them, the ones it merged by")
    func keyed() {
        let tallinn = [person("Jüri", "Õunapuu"), person(" Mari ", "Tamm")]
        let tartu = [person("mari", "TAMM", projects: ["P"]), person("Ju\u{308}ri", "Kask"), person("Анна", "Иванова")]
        let merged = DirectoryMerge.mergeKeyed([tallinn, tartu])
        #expect(merged.employees == DirectoryMerge.merge([tallinn, tartu]))
        #expect(merged.keys == merged.employees.map(\.nameKey))
        #expect(merged.keys.map(\.text) == ["jüri õunapuu", "mari tamm", "jüri kask", "анна иванова"])
    }

    @Test("The first list's phone wins over a later one")
    func firstPhoneWins() {
        let merged = DirectoryMerge.merge([[person("A", "B", phone: "1")], [person("a", "b", phone: "2")]])
        #expect(merged.map(\.phone) == ["1"])
    }

    @Test("NFC makes a decomposed ü the same person; diacritics still count")
    func normalisation() {
        let composed = person("Jüri", "Mägi")
        let decomposed = person("Ju\u{308}ri", "Ma\u{308}gi")
        let plain = person("Juri", "Magi")
        #expect(DirectoryMerge.merge([[composed], [decomposed, plain]]).count == 2)
        #expect(composed.nameKey == decomposed.nameKey)
        #expect(composed.nameKey != plain.nameKey)
    }

    @Test("Groups are sorted by title; people by last name, then first name, case-insensitively")
    func sections() {
        let people = [
            person("Zed", "tamm", .web), person("Ann", "Tamm", .web), person("Bo", "Aas", .web),
            person("Cy", "Kask", .other), person("Di", "Lepp", .android), person("Ed", "Org", .ios),
        ]
        // en_US_POSIX is what a C locale gives; Foundation on Linux ignores .caseInsensitive there.
        for identifier in ["en_US", "en_US_POSIX"] {
            let sections = DirectoryMerge.sections(people, locale: Locale(identifier: identifier))
            #expect(sections.map(\.position) == [.android, .ios, .other, .web], "in \(identifier)")
            #expect(sections.last?.employees.map(\.fullName) == ["Bo Aas", "Ann Tamm", "Zed tamm"], "in \(identifier)")
        }
    }

    @Test("An Estonian locale sorts Õ after T, as Estonians expect; English by base letter")
    func estonianCollation() {
        let people = [person("Jüri", "Õunapuu"), person("Mari", "Tamm"), person("Ain", "Saar")]
        let estonian = DirectoryMerge.sections(people, locale: Locale(identifier: "et_EE"))
        #expect(estonian.first?.employees.map(\.lastName) == ["Saar", "Tamm", "Õunapuu"])
        let english = DirectoryMerge.sections(people, locale: Locale(identifier: "en_US"))
        #expect(english.first?.employees.map(\.lastName) == ["Õunapuu", "Saar", "Tamm"])
    }

    @Test("Emails ranked among namesakes alone give the order of ranking every email")
    func emailsAmongNamesakes() {
        let locale = Locale(identifier: "et_EE")
        let firsts = ["Mari", "mari", "Jüri", "Juri", "Šimon"], lasts = ["Tamm", "TAMM", "Kask", "Õunapuu"]
        let people = (0..<3_000).map { index in
            person(firsts[index % 5], lasts[index % 4], [.ios, .web, .pm][index % 3], email: "E\((index * 7_919) % 211)@x")
        }
        let titles = Dictionary(uniqueKeysWithValues: zip(
            DirectoryEmployee.Position.allCases, Collator(locale: locale).ranks(of: DirectoryEmployee.Position.allCases.map(\.title))))
        let group = people.map { titles[$0.position] ?? 0 }
        let last = Collator(locale: locale).ranks(of: people.map(\.lastName))
        let first = Collator(locale: locale).ranks(of: people.map(\.firstName))
        let email = Collator(locale: locale).ranks(of: people.map(\.email))
        let expected = people.indices.sorted { a, b in
            (group[a], last[a], first[a], email[a], a) < (group[b], last[b], first[b], email[b], b)
        }
        #expect(DirectoryMerge.order(people, locale: locale) == expected)
    }

    @Test("Namesakes are ordered by email, so the order never depends on the order the servers sent")
    func totalOrder() {
        let people = [
            person("Mari", "Tamm", email: "mari.tamm@tartu"), person("mari", "TAMM", email: "Mari.Tamm@Narva"),
            person("Šimon", "Tamm", email: "s@t"), person("Mari", "Tamm", email: "mari@tallinn"), person("", "Tamm", email: ""),
        ]
        let estonian = Locale(identifier: "et_EE")
        let expected = ["", "Mari.Tamm@Narva", "mari.tamm@tartu", "mari@tallinn", "s@t"]
        #expect(DirectoryMerge.sections(people, locale: estonian).first?.employees.map(\.email) == expected)
        #expect(DirectoryMerge.sections(people.reversed(), locale: estonian).first?.employees.map(\.email) == expected)
        #expect(DirectoryMerge.order(people, locale: estonian) == [4, 1, 0, 3, 2])
    }

    @Test("Names Foundation's comparison called each greater than the other sort by the Estonian alphabet")
    func contradictedNames() {
        // "Pasü" > "Paš" and "Paš" > "Pasü" the old way, so their order depended on the sort's
        // steps; s comes before š, and t before ü.
        let people = [person("A", "Paš"), person("B", "Pasü"), person("C", "Pasta")]
        let sections = DirectoryMerge.sections(people, locale: Locale(identifier: "et_EE"))
        #expect(sections.first?.employees.map(\.lastName) == ["Pasta", "Pasü", "Paš"])
    }

    @Test("No people, no sections")
    func empty() {
        #expect(DirectoryMerge.sections([]).isEmpty)
        #expect(DirectoryMerge.merge([[], []]).isEmpty)
    }
}
