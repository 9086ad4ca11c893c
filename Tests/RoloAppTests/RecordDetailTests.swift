import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@MainActor
@Suite("Configured source view-model: the detail, detail_url, copy, pictures", .temporaryDirectories)
struct RecordDetailTests {
    private func loaded(_ toml: String = CrewSamples.toml(), pictures: Bool = false) async throws -> (RecordListModel, FakeCrewAPI) {
        let api = try FakeCrewAPI(count: 12)
        let model = try makeCrew(api, toml: toml, database: nil, pictures: pictures)
        model.pictureSlotChanged(to: Size(width: 12, height: 6))
        model.start()
        #expect(await model.settled())
        return (model, api)
    }

    private func fields(_ blocks: [DetailBlock]) -> [String] {
        blocks.compactMap { if case .field(let label, let value) = $0 { return "\(label): \(value)" }; return nil }
    }

    @Test("Opening a row fetches its detail_url once: every field of the full record, kept for the next visit")
    func detailURL() async throws {
        let (model, api) = try await loaded()
        model.selectionChanged(to: "3")
        #expect(model.detail(for: "3").contains(.notice("Loading the full record…", isError: false)))
        #expect(await model.settled())
        let blocks = model.detail(for: "3")
        #expect(blocks.contains(.title("Barbara Lovelace")))
        #expect(fields(blocks) == [
            "id: 3", "first: Barbara", "last: Lovelace", "email: barbara.3@crew.test", "team: A", "phone: +372 555 1003",
            "avatar: https://img.test/3.jpg", "bio: Crew member 3",
        ])
        model.selectionChanged(to: "4")
        #expect(await model.settled())
        model.selectionChanged(to: "3")
        #expect(await model.settled())
        #expect(await api.detailRequests == ["3", "4"])
    }

    @Test("A relaunch's refresh that lists the selected record unchanged keeps its detail; one that changed it asks again")
    func detailAcrossRefreshes() async throws {
        let database = try RoloDatabase.inMemory()
        let api = try FakeCrewAPI(count: 12)
        let first = try makeCrew(api, database: database)
        first.start()
        #expect(await first.settled())
        await api.hold()
        let again = try makeCrew(api, database: database)
        again.start()
        #expect(await settle({ again.rowIDs.count == 12 }, limit: 100_000))
        // Selected from the stored list, while the refresh's first page is held back.
        again.selectionChanged(to: "3")
        #expect(await settle({ fields(again.detail(for: "3")).contains("bio: Crew member 3") }, limit: 100_000))
        await api.release()
        #expect(await again.settled())
        #expect(await api.detailRequests == ["3"], "listed unchanged: the stored detail stays")
        await api.replace(count: 12, tag: "X")
        again.refresh()
        #expect(await again.settled())
        #expect(fields(again.detail(for: "3")).contains("bio: Crew member 3"), "the changed record 3, fetched again")
        let requests = await api.detailRequests
        #expect(requests == ["3", "3"])
    }

    @Test("fields picks the detail's rows and their order; a failed detail_url says so over the listed record")
    func fieldsAndFailure() async throws {
        let toml = CrewSamples.toml("fields = [\"email\", \"bio\", \"team\"]")
            .replacingOccurrences(of: "https://crew.test/people/{id}", with: "https://crew.test/people/9{id}")
        let (model, _) = try await loaded(toml)
        model.selectionChanged(to: "2")
        #expect(await model.settled())
        let blocks = model.detail(for: "2")
        #expect(fields(blocks) == ["email: linus.2@crew.test", "team: B"])
        // bio is the full record's alone: no listed record lacking it is a mistake.
        #expect(model.templateProblems.isEmpty)
        #expect(blocks.contains { if case .notice(let text, true) = $0 { text.contains("couldn't be fetched") } else { false } })
    }

    @Test("y and Y: emails and phones found by their field's name, then the name, then the rest")
    func copy() async throws {
        let (model, _) = try await loaded()
        model.selectionChanged(to: "1")
        #expect(await model.settled())
        let values = model.copyValues(for: "1")
        #expect(values.prefix(3) == [
            CopyValue(.email, "email", "grace.1@crew.test"), CopyValue(.phone, "phone", "+372 555 1001"),
            CopyValue(.name, "Name", "Grace Lovelace"),
        ])
        #expect(CopyValue.preferred(in: values)?.text == "grace.1@crew.test")
        #expect(RecordDetail.kind(of: "phones.0.number", text: "+372 5555") == .phone)
        #expect(RecordDetail.kind(of: "contact.work_email", text: "a@b.c") == .email)
        #expect(RecordDetail.kind(of: "email_verified", text: "true") == .other)
    }

    @Test("Pictures: the detail's image and the rows' thumbnails through the shared pipeline; none, a badge that says so")
    func pictures() async throws {
        let (model, api) = try await loaded(pictures: true)
        #expect(model.canShowThumbnails)
        model.selectionChanged(to: "1")
        #expect(await model.settled())
        guard case .picture(let picture)? = model.detail(for: "1").first else { Issue.record("no picture block"); return }
        #expect(picture.image != nil)
        model.selectionChanged(to: "2")
        #expect(await model.settled())
        guard case .picture(let none)? = model.detail(for: "2").first else { Issue.record("no picture block"); return }
        #expect(none.image == nil && none.caption == "no picture" && none.initials == "LL")
        // Rows are made as they are drawn: drawing them asks for the thumbnails of odd ids.
        for index in 0..<model.entries.entryCount { _ = model.entries.entry(at: index) }
        #expect(await model.settled())
        #expect(model.entries.entry(at: 0).row?.thumbnail != nil && model.entries.entry(at: 1).row?.thumbnail == nil)
        #expect(Set(await api.imageRequests) == Set(stride(from: 1, through: 11, by: 2).map { "\($0).jpg" }))
    }
}
