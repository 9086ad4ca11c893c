import Testing
import Foundation

/// Test data files under `Fixtures/`, copied into the test bundle.
enum Fixture {
    /// The bytes of `Fixtures/<path>`; fails the test loudly if the file is missing.
    static func data(_ path: String) throws -> Data {
        let root = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        return try Data(contentsOf: root.appendingPathComponent(path))
    }

    /// The tiny JPEG every people fixture's images encode.
    static func tinyJPEG() throws -> Data {
        try data("people/tiny.jpg")
    }
}
