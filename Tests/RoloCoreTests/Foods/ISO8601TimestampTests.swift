import Foundation
import Testing
@testable import RoloCore

@Suite("Foods timestamps: the hand-read form gives what Foundation's ISO 8601 parser gives")
struct ISO8601TimestampTests {
    private static let foundation = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let whole = Date.ISO8601FormatStyle()

    private func parsedByFoundation(_ text: String) -> Date? {
        (try? Self.foundation.parse(text)) ?? (try? Self.whole.parse(text))
    }

    @Test("Dates across eras, leap days, offsets and fractions", arguments: [
        "1970-01-01T00:00:00Z", "1970-01-01T00:00:00.000Z", "2024-05-01T10:00:00Z", "2000-02-29T12:34:56Z",
        "1900-03-01T00:00:00Z", "1969-12-31T23:59:59Z", "1601-01-01T00:00:00Z", "2099-12-31T23:59:59+02:00",
        "2024-05-01T10:00:00-05:30", "2024-05-01T10:00:00.5Z", "2024-05-01T10:00:00.123Z", "2024-05-01T10:00:00.123456+01:00",
    ])
    func sameAsFoundation(_ text: String) throws {
        let expected = try #require(parsedByFoundation(text))
        let read = try #require(ISO8601Timestamp.plainDate(text))
        #expect(abs(read.timeIntervalSince1970 - expected.timeIntervalSince1970) < 1e-6, "\(text): \(read) vs \(expected)")
        #expect(ISO8601Timestamp.date(from: " \(text) ") == read)
    }

    @Test("Anything but the plain form is left to Foundation", arguments: [
        "2024-02-30T00:00:00Z", "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-05-01T24:00:00Z",
        "2024-05-01T10:00:60Z", "2024-05-01 10:00:00Z", "2024-05-01T10:00:00", "2024-05-01T10:00:00.Z",
        "2024-05-01T10:00:00+0200", "2024-05-01T10:00:00Zjunk", "2024-05-01t10:00:00z", "yesterday",
    ])
    func leftToFoundation(_ text: String) {
        #expect(ISO8601Timestamp.plainDate(text) == nil)
        #expect(ISO8601Timestamp.date(from: text) == parsedByFoundation(text))
    }
}
