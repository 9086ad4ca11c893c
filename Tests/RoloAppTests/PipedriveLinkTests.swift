import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@Suite("Pipedrive: a person's page in Pipedrive's web app")
struct PipedriveLinkTests {
    @Test("With the company URL the detail ends with \"In Pipedrive\", linked to {company}/person/{id}, the link o opens")
    func link() throws {
        let person = PipedrivePerson(id: "7", name: "Ada Lovelace")
        let picture = Picture(initials: "AL", colorSeed: 7)
        let company = try #require(URL(string: "https://acme.pipedrive.com/"))
        let blocks = PipedriveDetail.blocks(for: person, picture: picture, timeZone: Sample.zone, companyURL: company)
        #expect(blocks.last == .link(title: "In Pipedrive", url: "https://acme.pipedrive.com/person/7"))
        #expect(blocks.firstLinkAddress == "https://acme.pipedrive.com/person/7")
        let without = PipedriveDetail.blocks(for: person, picture: picture, timeZone: Sample.zone)
        #expect(!without.contains { if case .link = $0 { true } else { false } })
        #expect(PipedriveDefinition.personPage(companyURL: company, id: "a/b") == "https://acme.pipedrive.com/person/a%2Fb")
    }
}
