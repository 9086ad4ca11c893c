import Foundation
import RoloCore
import TerminalUI

/// A vCard as the contact overlay shows it: every field, grouped under headings, so nothing
/// the address book holds is hidden from the user.
enum DirectoryCardOverlay {
    /// Columns the overlay's text is wrapped and labels are padded to: beside the picture's
    /// column, the whole box fits an 80-column screen.
    static let width = 48
    /// Columns of the label before each value.
    static let labelWidth = 18

    typealias Line = (text: String, role: OverlayContent.Role)

    /// The overlay for `card`, with its photo or badge beside the fields.
    static func content(for card: ContactCard, picture: Picture? = nil) -> OverlayContent {
        var lines: [Line] = []
        section("Name", names(card), into: &lines)
        section("Phones", card.phones.map(entry), into: &lines)
        section("Emails", card.emails.map(entry), into: &lines)
        section("Work", work(card), into: &lines)
        section("Addresses", card.addresses.map(address), into: &lines)
        section("Personal", card.birthday.map { [("Birthday", $0)] } ?? [], into: &lines)
        section("Web", card.urls.map(entry), into: &lines)
        if let note = card.note {
            lines.append(("Note", .heading))
            lines += note.wrapped(toWidth: width).map { ($0, .text) }
            lines.append(("", .text))
        }
        // An embedded photo is drawn beside the fields; only a link is worth listing.
        let photoIsLink: Bool = if case .link? = card.photo { true } else { false }
        let others = card.otherProperties.filter { $0.name != "PHOTO" || photoIsLink }
        section("Other", others.map(other), into: &lines)
        if let version = card.version { lines.append(("vCard \(version)", .dim)) }
        if lines.last?.text == "" { lines.removeLast() }
        return OverlayContent(title: card.displayName, lines: lines, picture: picture)
    }

    /// The card's photo where it has one and it can be drawn, else an initials badge; the
    /// caption says why a photo the card has isn't shown. `state` nil: images are off.
    static func picture(for card: ContactCard, state: PictureStore.State??, colorSeed: Int) -> Picture {
        var picture = Picture(initials: Picture.initials(of: card.displayName), colorSeed: colorSeed)
        switch card.photo {
        case nil:
            break
        case .link?:
            picture.caption = "the photo is a link; rolo shows only embedded photos"
        case .unreadable(let reason)?:
            picture.caption = "photo can't be shown: \(reason)"
        case .embedded?:
            if let state { picture.show(state, in: Overlay.pictureSize) }
        }
        return picture
    }

    /// A badge colour that stays the same for a person from run to run (`hashValue` doesn't).
    static func colorSeed(_ rowID: String) -> Int {
        rowID.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0xFFFF }
    }

    /// A heading, then each field as a label line and its value, wrapped under the label's
    /// column; nothing at all when the section has no fields.
    private static func section(_ title: String, _ fields: [(String, String)], into lines: inout [Line]) {
        guard !fields.isEmpty else { return }
        lines.append((title, .heading))
        for (label, value) in fields {
            let wrapped = value.wrapped(toWidth: width - labelWidth)
            // One blank always separates label and value, even when a long label is cut.
            lines.append((label.padded(toWidth: labelWidth - 1) + " " + (wrapped.first ?? ""), .label))
            lines += wrapped.dropFirst().map { (String(repeating: " ", count: labelWidth) + $0, .text) }
        }
        lines.append(("", .text))
    }

    private static func names(_ card: ContactCard) -> [(String, String)] {
        let fields: [(String, String)] = [
            ("Full name", card.formattedName),
            ("Prefix", card.honorificPrefixes.joined(separator: ", ")),
            ("Given name", card.givenName),
            ("Additional", card.additionalNames.joined(separator: ", ")),
            ("Family name", card.familyName),
            ("Suffix", card.honorificSuffixes.joined(separator: ", ")),
            ("Nickname", card.nicknames.joined(separator: ", ")),
        ]
        return fields.filter { !$0.1.isEmpty }
    }

    private static func work(_ card: ContactCard) -> [(String, String)] {
        [("Organisation", card.organization), ("Title", card.title), ("Role", card.role)]
            .compactMap { label, value in value.map { (label, $0) } }
    }

    /// The kind as the label ("mobile", "work"), "pref" added when the card prefers it.
    private static func entry(_ entry: ContactCard.Entry) -> (String, String) {
        let kind = entry.kind ?? "—"
        return (entry.isPreferred ? kind + ", pref" : kind, entry.value)
    }

    private static func address(_ address: ContactCard.Address) -> (String, String) {
        let kind = address.label ?? (address.types.isEmpty ? "—" : address.types.joined(separator: ", "))
        return (kind, address.singleLine)
    }

    /// Any other property by its name; embedded binary data (a photo, a key) is described, not
    /// dumped, since thousands of base64 characters tell the user nothing.
    private static func other(_ property: VCardProperty) -> (String, String) {
        let encoding = property.parameter("ENCODING").map { $0.lowercased() }
        let isEmbedded = encoding.contains("b") || encoding.contains("base64")
            || property.value.lowercased().hasPrefix("data:")
        let value = isEmbedded
            ? "(embedded data, \(property.value.utf8.count) characters)"
            : property.value.split(whereSeparator: \.isNewline).joined(separator: " ")
        return (property.name, value)
    }
}
