import ArgumentParser
import RoloCore
import Testing
@testable import rolo

@Suite("A command line with nothing to parse opens the browser without the parser, as the parser would")
struct BrowseRequestTests {
    @Test("No argument, or one source's name: the request is the one the parser makes", arguments: [
        [], ["people"], ["directory"], ["foods"], ["randomuser"], ["pipedrive"],
    ])
    func sameAsParsed(_ arguments: [String]) throws {
        let parsed = try #require(try Rolo.parseAsRoot(arguments) as? Browse)
        #expect(BrowseRequest.unparsed(arguments) == parsed.request)
    }

    @Test("Anything else goes to the parser: options, subcommands, help, two names, a name it doesn't know", arguments: [
        ["--demo"], ["people", "--ascii"], ["--ascii", "people"], ["dump", "people"], ["help"], ["--help"], ["-h"],
        ["--version"], ["browse"], ["keys"], ["demo-server"], ["--check-config"], ["people", "foods"], ["nosuch"],
        ["Pipedrive"], [""], ["--"], ["--generate-completion-script", "bash"],
    ])
    func everythingElseIsParsed(_ arguments: [String]) {
        #expect(BrowseRequest.unparsed(arguments) == nil)
    }

    @Test("An option given changes the parsed request, so the comparison above can tell")
    func optionsShowInTheRequest() throws {
        let parsed = try #require(try Rolo.parseAsRoot(["people", "--ascii", "--timeout", "5"]) as? Browse)
        #expect(parsed.request != BrowseRequest.unparsed(["people"]))
        #expect(parsed.request.optionValues[.timeout] == ["5"])
        #expect(parsed.request.ascii)
    }
}
