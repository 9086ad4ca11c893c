import Foundation
@testable import RoloCore

/// A small person for the store's tests; `poisoned` makes its encoding throw, to fail a write
/// half way through a page.
struct StorePerson: Codable, Sendable, Identifiable, Equatable {
    var id: String
    var name: String
    var born: Date = Date(timeIntervalSince1970: 86_400 * 365.25 * 20 + 0.125)
    var poisoned = false

    struct Poisoned: Error {}

    enum CodingKeys: String, CodingKey { case id, name, born }

    init(id: String, name: String, poisoned: Bool = false) {
        self.id = id
        self.name = name
        self.poisoned = poisoned
    }

    func encode(to encoder: any Encoder) throws {
        if poisoned { throw EncodingError.invalidValue(id, .init(codingPath: [], debugDescription: "poisoned")) }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(born, forKey: .born)
    }

    /// Persons `p<n>` for each n in `numbers`.
    static func numbered(_ numbers: some Sequence<Int>) -> [StorePerson] {
        numbers.map { StorePerson(id: "p\($0)", name: "Person \($0)") }
    }
}

extension PersonStore where Person == StorePerson {
    /// Appends `persons` named by their `name`, for tests that don't care about the other fields.
    @discardableResult
    func append(
        _ source: String, _ persons: [StorePerson], page: Int, seed: String? = "s1", complete: Bool = false
    ) async throws -> [StorePerson] {
        try await appendPage(
            source, persons: persons, names: persons.map(\.name), page: page, seed: seed, complete: complete,
            cursor: nil)
    }
}
