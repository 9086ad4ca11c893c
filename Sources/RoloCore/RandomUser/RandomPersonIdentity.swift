import Foundation

/// Gives a decoded person the id that keeps them the same across pages, refreshes and runs.
///
/// From API 1.2 on that is `login.uuid`. Older answers have none, so a person is known by a
/// fingerprint of what the API drew for them (username, email, name, phones, birthday): with a
/// seed the API draws the same values again, so the fingerprint is as stable as the uuid, and
/// 64 bits keep two different persons of even 100,000 apart. A person with none of those
/// fields can't be told from the next one and is skipped.
enum RandomPersonIdentity {
    /// `person` with its id set; throws a ``DecodingProblem`` when it has none to be given.
    static func identified(
        _ person: RandomPerson, fields: RandomPersonRecord.Fields, username: String?
    ) throws -> RandomPerson {
        var person = person
        if let uuid = try uuid(fields) {
            person.id = uuid
            return person
        }
        let drawn = [username ?? "", person.email, person.firstName, person.lastName, person.phone, person.cell]
        guard drawn.contains(where: { !$0.isEmpty }) else {
            throw DecodingProblem(
                "no 'login.uuid', and no name, email or username to know the person by",
                summary: "a person with no login.uuid, name or email")
        }
        let birthday = person.birthday.map { String(Int64($0.timeIntervalSince1970.rounded(.down))) } ?? ""
        person.id = "fp-" + fingerprint((drawn + [birthday]).joined(separator: "\u{1F}"))
        return person
    }

    /// `login.uuid`, nil when the person has no login or the login no uuid (before 1.2); a
    /// uuid that is there but blank or not text is a problem, not a reason to guess.
    private static func uuid(_ fields: RandomPersonRecord.Fields) throws -> String? {
        guard let login = RandomPersonRecord.object(fields, "login"), !login.isAbsentOrNull("uuid") else { return nil }
        let uuid = try login.requiredString("uuid").sanitizedForTerminal.trimmingCharacters(in: .whitespaces)
        guard !uuid.isEmpty else { throw DecodingProblem("'login.uuid' is empty", summary: "an empty login.uuid") }
        return uuid
    }

    /// FNV-1a over the UTF-8 bytes, as 16 hex digits: the same on every platform and run
    /// (`hashValue` is seeded per process).
    static func fingerprint(_ text: String) -> String {
        let hash = text.utf8.reduce(0xCBF2_9CE4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
