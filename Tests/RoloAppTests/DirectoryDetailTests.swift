import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@MainActor
@Suite("Directory view-model: search, contact markers, detail and the card", .temporaryDirectories)
struct DirectoryDetailTests {
    private typealias S = DirectorySamples

    private func loaded() async -> DirectoryViewModel {
        let service = FakeDirectoryService(tallinn: .success(S.tallinnList), tartu: .success(S.tartuList))
        let (model, busy) = makeDirectory(service)
        model.start()
        _ = await settle { busy.isIdle }
        return model
    }

    @Test("Search matches each field, ignores diacritics, and keeps headers only over matches",
          arguments: [
              ("liis", ["# iOS", "Liis Aas"]),
              ("termomeeter", ["# Web", "Peeter Termomeeter"]),
              ("telisa.ee", ["# Web", "Peeter Termomeeter"]),
              ("Ilm", ["# iOS", "Mari Tamm ☎"]),
              ("pm", ["# PM", "Anna Kask"]),
              ("android", ["# Android", "Jüri Õun"]),
              ("juri oun", ["# Android", "Jüri Õun"]),
          ])
    func search(term: String, expected: [String]) async {
        let model = await loaded()
        model.setSearch(term)
        _ = await settle { !model.isSearching }
        #expect(model.entries.outline == expected)
        #expect(model.searchTerm == term)
    }

    @Test("A search with no match says so; clearing it shows everyone again")
    func searchEmpty() async {
        let model = await loaded()
        model.setSearch("nobody")
        _ = await settle { !model.isSearching }
        #expect(model.entries.entryCount == 0)
        #expect(model.placeholder == .empty("No one matches “nobody” — Esc clears the search"))
        model.setSearch(" ")
        #expect(model.searchTerm == nil)
        #expect(model.entries.entryCount == 9)
    }

    @Test("The contact marker only where a card's names match exactly: Jüri Õun is not Juri Õun")
    func markers() async {
        let model = await loaded()
        let marked = (0..<model.entries.entryCount).compactMap { model.entries.entry(at: $0).row }.filter { $0.marker != nil }
        #expect(marked.map(\.id) == ["mari tamm"])
        #expect(model.contactCard(for: "jüri õun", at: 0) == nil)
        #expect(model.contactCardCount(for: "jüri õun") == 0)
        #expect("☎".displayWidth == 1)
    }

    @Test("Detail: name, email, phone, position, projects, and the card button for a match")
    func detailWithButton() async {
        let model = await loaded()
        #expect(model.detail(for: "mari tamm") == [
            .title("Mari Tamm"), .gap,
            .field(label: "Email", value: "mari.tamm@example.ee"),
            .field(label: "Phone", value: "+372 5555 1234"),
            .field(label: "Position", value: "iOS"), .gap,
            .list(label: "Projects", items: ["Tere", "Kiri", "Ilm"]),
            .gap, .button("Contact card (c)"),
        ])
    }

    @Test("Detail without a card: no button; no phone, no phone field; no projects says so")
    func detailWithoutButton() async {
        let model = await loaded()
        #expect(model.detail(for: "anna kask") == [
            .title("Anna Kask"), .gap,
            .field(label: "Email", value: "anna.kask@example.ee"),
            .field(label: "Position", value: "PM"), .gap,
            .notice("No projects.", isError: false),
        ])
        #expect(model.detail(for: "nobody") == [])
    }

    @Test("The card overlay shows every field of a rich card")
    func cardOverlay() async throws {
        let model = await loaded()
        let card = try #require(model.contactCard(for: "mari tamm", at: 0))
        #expect(card.title == "Dr. Mari Liis Tamm")
        let text = card.lines.map(\.text).joined(separator: "\n")
        for expected in [
            "Full name         Dr. Mari Liis Tamm", "Prefix            Dr.", "Given name        Mari",
            "Additional        Liis", "Family name       Tamm", "Suffix            PhD", "Nickname          Mats",
            "Mobile, pref      +372 5555 1234", "work, voice       +372 600 0000",
            "home              mari@home.example", "work              mari.tamm@example.ee",
            "Organisation      Telisa, Mobile", "Title             Lead iOS developer", "Role              Mentor",
            "work              Pikk 1, 10123 Tallinn, Estonia", "Birthday          1985-04-15",
            "home              https://mari.example",
            "Prefers calls after ten.", "nobody else remembers.",
            "UID               mari-uid-1", "X-SOCIALPROFILE   https://mastodon.example/@mari",
            "CATEGORIES        work,ios", "vCard 3.0",
        ] {
            #expect(text.contains(expected), "missing \(expected)")
        }
        let headings = card.lines.filter { $0.role == .heading }.map(\.text)
        #expect(headings == ["Name", "Phones", "Emails", "Work", "Addresses", "Personal", "Web", "Note", "Other"])
        #expect(card.lines.allSatisfy { $0.text.displayWidth <= DirectoryCardOverlay.width })
    }

    @Test("A photo embedded in a card is drawn, not listed; a linked one is listed by its address")
    func embeddedPhoto() throws {
        let text = "BEGIN:VCARD\nVERSION:3.0\nN:Kask;Anna;;;\nFN:Anna Kask\nPHOTO;ENCODING=b;TYPE=JPEG:\(String(repeating: "QUJD", count: 500))\nEND:VCARD\n"
        let card = try #require(VCardParser.parse(text).first)
        #expect(!DirectoryCardOverlay.content(for: card).lines.contains { $0.text.contains("PHOTO") })
        let linked = try #require(VCardParser.parse("BEGIN:VCARD\nVERSION:4.0\nFN:Anna Kask\nPHOTO:https://example.com/a.jpg\nEND:VCARD").first)
        #expect(DirectoryCardOverlay.content(for: linked).lines.map(\.text).contains("PHOTO             https://example.com/a.jpg"))
    }

    @Test("Through the screen: the selection stays on the same person when a refresh reorders the list")
    func selectionSurvivesRefresh() async throws {
        let service = FakeDirectoryService(tallinn: .success(S.tallinnList), tartu: .success(S.tartuList))
        let (controller, model, busy) = await directoryScreen(service, size: Size(width: 100, height: 30))
        controller.perform(.moveDown)
        controller.perform(.moveDown)
        #expect(controller.sourceUI.selectedID == "mari tamm")
        let newcomer = DirectoryEmployee(firstName: "Aino", lastName: "Aru", email: "aino@example.ee", position: .android)
        await service.answer(S.tallinn, .success([newcomer, S.jyri, S.peeter, S.mari]))
        controller.perform(.refresh)
        #expect(await settle { busy.isIdle && !model.isLoading })
        #expect(model.entries.outline.prefix(3) == ["# Android", "Aino Aru", "Jüri Õun"])
        #expect(controller.sourceUI.selectedID == "mari tamm")
        let selected = try #require(controller.sourceUI.cursor.selected)
        #expect(model.entries.entry(at: selected).row?.id == "mari tamm")
    }
}
