import Foundation
import Synchronization
import Testing

/// A fresh directory under `$TMPDIR` that a test writes into, removed with everything in it when
/// the test is done with it, pass or fail.
///
/// Two lifetimes, one type: an instance (`let home = try TemporaryDirectory()`) is removed when
/// the value goes away, at the end of the scope holding it (an optimized build may end it after
/// its last use, so a test that reads only `path` early keeps it with `withExtendedLifetime`);
/// ``scoped(_:sourceLocation:)`` makes one
/// that lives to the end of the running test, for helpers that hand back a path, in a suite or
/// test with the ``TemporaryDirectories`` trait (`.temporaryDirectories`).
public final class TemporaryDirectory: Sendable {
    /// The directory's path.
    public let path: String

    /// The directory's URL.
    public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    /// Makes `<name>-<uuid>` under `$TMPDIR`.
    public init(_ name: String = "rolo-tests") throws {
        path = try Self.create(name).path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `text` to `name` inside the directory (making its folders) with permissions `mode`;
    /// returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String, mode: Int = 0o600) throws -> String {
        let file = path + "/" + name
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file)
        return file
    }

    private static func create(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The directories made with ``scoped(_:sourceLocation:)`` in the running test.
    final class Scope: Sendable {
        let made = Mutex<[URL]>([])

        func removeAll() {
            for url in made.withLock({ $0 }) { try? FileManager.default.removeItem(at: url) }
        }
    }

    @TaskLocal static var scope: Scope?

    /// A new empty directory `<name>-<uuid>` under `$TMPDIR`, removed when the running test ends.
    /// Outside a test with the ``TemporaryDirectories`` trait the test fails here, naming the
    /// directory left behind.
    public static func scoped(_ name: String = "rolo-tests", sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        let url = try create(name)
        guard let scope else {
            Issue.record("TemporaryDirectory.scoped outside a test with .temporaryDirectories: \(url.path) is left behind",
                         sourceLocation: sourceLocation)
            return url
        }
        scope.made.withLock { $0.append(url) }
        return url
    }

    /// A test-long home for rolo (``scoped(_:sourceLocation:)``) holding `config.toml` with
    /// `toml`: the home's path and the config file's.
    public static func scopedConfig(_ toml: String, name: String = "rolo-config",
                                    sourceLocation: SourceLocation = #_sourceLocation) throws -> (root: String, config: String) {
        let root = try scoped(name, sourceLocation: sourceLocation)
        let config = root.appendingPathComponent("config.toml")
        try Data(toml.utf8).write(to: config)
        return (root.path, config.path)
    }

    /// ``scoped(_:sourceLocation:)`` as a path.
    public static func scopedPath(_ name: String = "rolo-tests", sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try scoped(name, sourceLocation: sourceLocation).path
    }
}

/// The trait that removes, at the end of each test it applies to (every test of a suite it is
/// put on), the directories ``TemporaryDirectory/scoped(_:sourceLocation:)`` made in it, whether
/// the test passed or failed.
public struct TemporaryDirectories: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        test.isSuite || testCase == nil ? nil : self
    }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let scope = TemporaryDirectory.Scope()
        defer { scope.removeAll() }
        try await TemporaryDirectory.$scope.withValue(scope) { try await function() }
    }
}

extension Trait where Self == TemporaryDirectories {
    /// Directories made with ``TemporaryDirectory/scoped(_:sourceLocation:)`` in each test are
    /// removed at its end.
    public static var temporaryDirectories: Self { TemporaryDirectories() }
}
