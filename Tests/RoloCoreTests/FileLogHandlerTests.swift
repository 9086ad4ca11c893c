import Foundation
import Logging
import RoloCore
import Testing

@Suite("The log file: one private, redacted line per event")
struct FileLogHandlerTests {
    private let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    private func logger(
        _ label: String = "rolo.test", file: LogFile, level: Logger.Level = .info, secrets: [String] = []
    ) -> Logger {
        Logger(label: label) { label in FileLogHandler(label: label, file: file, level: level, secrets: secrets) }
    }

    private func lines(_ file: LogFile) throws -> [String] {
        try String(contentsOfFile: file.path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    private func permissions(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test("A line has a UTC timestamp, the level, the label, the message and sorted metadata")
    func format() throws {
        let file = LogFile(path: directory.path + "/state/rolo/rolo.log")
        var log = logger("rolo.people", file: file)
        log[metadataKey: "source"] = "people"
        log.info("fetched", metadata: ["count": "3", "at": "http://127.0.0.1:5000/employees"])
        let line = try #require(try lines(file).first)
        let pattern = #/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z info \[rolo\.people\] fetched (.*)$/#
        let match = try #require(line.wholeMatch(of: pattern))
        #expect(match.1 == "at=http://127.0.0.1:5000/employees count=3 source=people")
    }

    @Test("The directory is created 0700 and the file 0600")
    func privacy() throws {
        let file = LogFile(path: directory.path + "/new/dir/rolo.log")
        logger(file: file).error("x")
        #expect(try permissions(directory.path + "/new/dir") == 0o700)
        #expect(try permissions(file.path) == 0o600)
    }

    @Test("Lines below the level are not written")
    func level() throws {
        let file = LogFile(path: directory.path + "/rolo.log")
        let log = logger(file: file, level: .warning)
        log.info("quiet")
        log.warning("loud")
        #expect(try lines(file).count == 1)
        #expect(try lines(file)[0].contains("warning [rolo.test] loud"))
    }

    @Test("Newlines stay visible on one line and escape sequences are removed")
    func oneLine() throws {
        let file = LogFile(path: directory.path + "/rolo.log")
        logger(file: file).error("body:\n<html>\r\n\u{1B}[31mred\u{1B}]0;title\u{07}")
        #expect(try lines(file) == [try lines(file)[0]])
        #expect(try lines(file)[0].hasSuffix(#"body:\n<html>\nred"#))
    }

    @Test("Secrets and token parameters are redacted")
    func redaction() throws {
        let file = LogFile(path: directory.path + "/rolo.log")
        logger(file: file, secrets: ["s3cr3t-token"]).error(
            "GET https://acme.pipedrive.com/v1/persons?start=0&api_token=abc123 header s3cr3t-token")
        let line = try lines(file)[0]
        #expect(!line.contains("abc123"))
        #expect(!line.contains("s3cr3t-token"))
        #expect(line.hasSuffix("persons?start=0&api_token=REDACTED header REDACTED"))
    }

    @Test("Many threads write whole lines")
    func concurrency() async throws {
        let file = LogFile(path: directory.path + "/rolo.log")
        let log = logger(file: file)
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for index in 0..<200 { log.info("writer \(writer) line \(index) \(String(repeating: "x", count: 200))") }
                }
            }
        }
        let written = try lines(file)
        #expect(written.count == 1600)
        #expect(written.allSatisfy { $0.hasSuffix(String(repeating: "x", count: 200)) && $0.contains("info [rolo.test] writer") })
    }

    @Test("A file that can't be opened drops lines silently")
    func unopenable() throws {
        let blocker = try directory.write("blocker", "a file, not a directory")
        let file = LogFile(path: blocker + "/rolo.log")
        #expect(!file.isOpen)
        logger(file: file).critical("nowhere to go")
    }

    @Test("A damaged log (binary garbage with no last newline, cut short, emptied) takes the next line whole on a line of its own", arguments: [
        "\u{0}\u{1}\u{FFFD}binary\u{7F}garbage with no newline", "2026-11-27T12:00:00.000Z info [rolo] cut sh", "",
    ])
    func damaged(content: String) throws {
        let path = try directory.write("rolo.log", content)
        let file = LogFile(path: path)
        logger(file: file).info("after the damage")
        let text = try #require(FileManager.default.contents(atPath: path))
        #expect(text.starts(with: Data(content.utf8)), "what was there is left as it was")
        let last = try #require(String(decoding: text, as: UTF8.self).split(separator: "\n").last)
        #expect(last.hasSuffix(" info [rolo.test] after the damage"), "\(last)")
        #expect(last.wholeMatch(of: #/^\d{4}-\d\d-\d\dT.* info \[rolo\.test\] after the damage$/#) != nil, "\(last)")
    }

    @Test("A log over the size limit is moved aside to .1")
    func rotation() throws {
        let path = try directory.write("rolo.log", String(repeating: "old line\n", count: 200))
        let file = LogFile(path: path, rotateAtBytes: 1000)
        logger(file: file).info("fresh")
        #expect(try lines(file).count == 1)
        #expect(FileManager.default.fileExists(atPath: path + ".1"))
    }

    @Test("The log file lives in the state directory")
    func path() {
        #expect(RoloLogging.logFilePath(stateDir: "/home/u/.local/state/rolo") == "/home/u/.local/state/rolo/rolo.log")
    }
}
