import RoloCore
import Testing

@Suite("A directory search matches names, email, projects and position")
struct DirectorySearchTests {
    private let jyri = DirectoryEmployee(
        firstName: "Jüri", lastName: "Õunapuu", email: "juri.ounapuu@jobapp.example", phone: "5012 3456",
        position: .android, projects: ["Rattaringlus", "Päevik"])

    @Test("Matches", arguments: [
        "jüri", "JURI", "ounapuu", "jobapp.example", "paevik", "ANDROID", "android", "rattar", "", "  ",
        "juri ounapuu", "päevik android",
    ])
    func matches(term: String) {
        #expect(jyri.matches(term))
    }

    @Test("Doesn't match", arguments: ["tamm", "ios", "5012", "juri tamm"])
    func misses(term: String) {
        #expect(!jyri.matches(term))
    }

    @Test("An iOS developer is found by the title's spelling too")
    func positionTitle() {
        let ios = DirectoryEmployee(firstName: "A", lastName: "B", email: "a@b", position: .ios)
        #expect([ios, jyri].filter { $0.matches("iOS") } == [ios])
    }
}
