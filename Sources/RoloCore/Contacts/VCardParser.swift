import Foundation

/// Reads vCards (RFC 6350 4.0 and RFC 2426 3.0; 2.1 tolerated) into ``ContactCard``s.
///
/// Tolerant by design: an address book is the user's own data, written by many programs, so a
/// line that can't be read is skipped rather than losing the card, and a card missing its
/// `END` at the end of the file is kept.
public enum VCardParser {
    /// The cards in a file's bytes: UTF-8 (with or without a byte order mark), UTF-16 with a
    /// byte order mark, or, when the bytes aren't valid UTF-8, Windows-1252 as old exports are.
    public static func parse(_ data: Data) -> [ContactCard] {
        parse(text(of: data))
    }

    /// The cards in `text`, in file order.
    public static func parse(_ text: String) -> [ContactCard] {
        var cards: [ContactCard] = []
        var builder: ContactCardBuilder?
        // vCard 2.1's AGENT may embed a whole card; its lines belong to no card of ours.
        var nested = 0
        for line in VCardLines.logical(text) {
            guard let property = VCardLineParser.property(line) else { continue }
            let value = property.value.trimmingCharacters(in: .whitespaces).uppercased()
            if property.name == "BEGIN", value == "VCARD" {
                if builder == nil { builder = ContactCardBuilder() } else { nested += 1 }
                continue
            }
            if property.name == "END", value == "VCARD" {
                if nested > 0 {
                    nested -= 1
                } else if let finished = builder {
                    cards.append(finished.build())
                    builder = nil
                }
                continue
            }
            if nested == 0 { builder?.add(property) }
        }
        if let unfinished = builder { cards.append(unfinished.build()) }
        return cards
    }

    /// The text of a vCard file, decoded as described at ``parse(_:)-(Data)``.
    static func text(of data: Data) -> String {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            if let text = String(data: data, encoding: .utf16) { return text }
        }
        if let text = String(data: data, encoding: .utf8) { return text }
        return String(data: data, encoding: .windowsCP1252)
            ?? String(data: data, encoding: .isoLatin1)
            ?? String(decoding: data, as: UTF8.self)
    }
}
