import Foundation
import RoloCore
import Testing

/// Every source in every format against the stand-in, compared with `Fixtures/dump/`.
///
/// With ROLO_RECORD_SNAPSHOTS=1 (or a golden missing) the file is written and the test fails,
/// so a new golden is read by a person before it counts.
@Suite("rolo dump: every source in every format, from the stand-in")
struct DumpGoldenTests {
    static let extensions: [DumpFormat: String] = [.json: "json", .jsonl: "jsonl", .csv: "csv", .tsv: "tsv"]

    @Test("Each source's dump matches its golden in json, jsonl, csv and tsv", arguments: SourceRegistry.catalog().ids)
    func golden(_ source: SourceID) async throws {
        try await DumpStandIn.with { standIn in
            for format in DumpFormat.allCases {
                let text = try await standIn.dump(source, format)
                let ext = try #require(Self.extensions[format])
                expectGolden(text, named: "\(source.rawValue).\(ext)")
                #expect(!text.unicodeScalars.contains { $0.value == 0x1B || (0x80...0x9F).contains($0.value) },
                        "\(source) \(format): no escape or C1 control reaches the output")
                #expect(standIn.notices.isEmpty, "\(source) \(format): a dump with a server says nothing: \(standIn.notices)")
            }
        }
    }

    @Test("JSON and JSON Lines parse, with one object per record and the same records")
    func jsonParses() async throws {
        try await DumpStandIn.with { standIn in
            for source in SourceID.allCases {
                let json = Data(try await standIn.dump(source, .json).utf8)
                let array = try #require(try JSONSerialization.jsonObject(with: json) as? [[String: Any]])
                let lines = try await standIn.dump(source, .jsonl).split(separator: "\n").map {
                    try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
                }
                let first = try #require(array.first, "\(source): an empty dump")
                #expect(array.count == lines.count, "\(source)")
                #expect(Set(first.keys) == Set(try #require(SourceRegistry.catalog().definition(source)).dumpFields), "\(source)")
            }
        }
    }

    @Test("The escape sequence in a stand-in name is removed, the name kept")
    func escapeSequence() async throws {
        try await DumpStandIn.with { standIn in
            let csv = try await standIn.dump(.people, .csv, search: "Mallory")
            #expect(csv.contains("EvilRed Mallory,EvilRed,Mallory"), "\(csv)")
            #expect(!csv.contains("[31m"))
        }
    }

    private func expectGolden(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/dump")
        let file = directory.appendingPathComponent(name)
        let record = ProcessInfo.processInfo.environment["ROLO_RECORD_SNAPSHOTS"] == "1"
        guard !record, let expected = try? String(contentsOf: file, encoding: .utf8) else {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? text.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("recorded golden \(name) — check it by eye, then run the tests again", sourceLocation: sourceLocation)
            return
        }
        #expect(text == expected, "\(name) differs:\n\(text)", sourceLocation: sourceLocation)
    }
}
