import Foundation

/// What clients changed in the staff directory, in memory for the server's life: fields a
/// PATCH set, people deleted, notes added, and when each person last changed. The catalog stays
/// as generated; its answers go through here.
actor StaffEdits {
    /// When a person no client changed last changed: long before any sync.
    static let generated = Date(timeIntervalSince1970: 1_577_836_800)

    /// Goes up with every change, so the list's ETag changes with it.
    private(set) var version = 0
    private var changedAt: [Int: Date] = [:]
    private var fields: [Int: [(String, StandInJSON)]] = [:]
    private var deleted: Set<Int> = []
    private var notes: [Int: [StandInJSON]] = [:]
    private var nextNote = 1
    /// Writes to people whose number is a multiple of this fail; 0 for none.
    private(set) var failingEvery = 0

    /// Makes writes to every `every`th person fail from now on (0: none).
    func failWrites(every: Int) {
        failingEvery = max(0, every)
    }

    /// Whether a write to person `number` fails now.
    func failsWrite(to number: Int) -> Bool {
        failingEvery > 0 && number % failingEvery == 0
    }

    /// Whether person `number` was deleted.
    func isDeleted(_ number: Int) -> Bool {
        deleted.contains(number)
    }

    /// The people not deleted, of `count`, in order; with `changedAfter`, only those changed
    /// since (as `updated_after` lists them).
    func remaining(of count: Int, changedAfter since: Date? = nil) -> [Int] {
        count < 1 ? [] : (1...count).filter { number in
            !deleted.contains(number) && since.map { (changedAt[number] ?? Self.generated) > $0 } ?? true
        }
    }

    private func changed(_ number: Int) {
        version += 1
        changedAt[number] = Date()
    }

    /// `person` with what PATCHes set, and its notes when it has any.
    func applied(_ person: StandInJSON, number: Int) -> StandInJSON {
        guard case .object(var members) = person else { return person }
        for (key, value) in fields[number] ?? [] {
            if let index = members.firstIndex(where: { $0.0 == key }) {
                members[index].1 = value
            } else {
                members.append((key, value))
            }
        }
        if let notes = notes[number] { members.append(("notes", .array(notes))) }
        return .object(members)
    }

    /// Sets `changes` on person `number`, as DRF's partial update does.
    func patch(_ number: Int, _ changes: [(String, StandInJSON)]) {
        var current = fields[number] ?? []
        for (key, value) in changes {
            current.removeAll { $0.0 == key }
            current.append((key, value))
        }
        fields[number] = current
        changed(number)
    }

    /// Deletes person `number`.
    func delete(_ number: Int) {
        deleted.insert(number)
        changed(number)
    }

    /// Adds a note saying `text` to person `number`; the note as stored.
    func addNote(_ number: Int, text: String) -> StandInJSON {
        let note = StandInJSON.object([("id", .int(nextNote)), ("person", .string(StaffCatalog.uuid(number))), ("text", .string(text))])
        nextNote += 1
        notes[number, default: []].append(note)
        changed(number)
        return note
    }
}
