import Foundation
import RoloCore
import Testing

@Suite("The version") struct VersionTests {
    @Test("comes from the VERSION file at the package's root")
    func fromTheVersionFile() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let file = try String(contentsOf: root.appendingPathComponent("VERSION"), encoding: .utf8)
        #expect(RoloVersion.current == file.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(RoloVersion.current.split(separator: ".").count == 3)
    }
}
