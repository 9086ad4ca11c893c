import Foundation
import RoloCore

/// The configured sources' tests' name for the shared fake answering by whole URL.
typealias ScriptedHTTPClient = FakeHTTPClient

extension FakeHTTPClient {
    /// A client answering each URL of `answers` (query included) with its answers in turn, the
    /// last repeating; others get a 404.
    convenience init(_ answers: [String: [Answer]]) {
        self.init(byURL: answers)
    }
}

extension FakeHTTPClient.Answer {
    /// A 200 with the fixture `custom/<name>` as its body.
    static func fixture(_ name: String, headers: [String: String] = [:]) throws -> Self {
        Self(body: try Fixture.data("custom/" + name), headers: headers)
    }
}
