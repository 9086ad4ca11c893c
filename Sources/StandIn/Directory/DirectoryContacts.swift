import Foundation
import Logging

/// The address book `rolo --demo` opens, so the contact marker and card can be seen without
/// the user's own contacts.
public enum DirectoryContacts {
    /// The portrait embedded in sample card `number` (0, 1, 2): a 48×48 JPEG.
    public static func portrait(_ number: Int) -> Data {
        PortraitRenderer(seed: 1, id: 7_000 + number)
            .jpeg(width: 48, height: 48, logger: Logger(label: "rolo.stand-in"), naming: "contact photo \(number)")
    }

    /// Four cards in the shapes real address books export: three match people every minute's
    /// directory has (Mari-Liis Tamm, Jüri Õunapuu written in capitals, Peeter Termomeeter),
    /// one matches nobody (`Juri Õunapuu`: the directory has Jüri Õunapuu and Juri Ounapuu,
    /// and diacritics count). CRLF line ends, as vCard requires. The three that match carry
    /// ``portrait(_:)`` 0, 1 and 2 as each version embeds a photo: 3.0's `ENCODING=b` folded,
    /// 4.0's `data:` URI, 2.1's `BASE64` with indented lines and a blank line after.
    public static let sampleVCard = (apple + nextcloud + outlook + google).joined(separator: "\r\n") + "\r\n"

    /// Apple Contacts, vCard 3.0: grouped items with X-ABLabel, a folded note.
    private static let apple: [String] = [
        "BEGIN:VCARD",
        "VERSION:3.0",
        "PRODID:-//Apple Inc.//macOS 14.4//EN",
        "N:Tamm;Mari-Liis;;;",
        "FN:Mari-Liis Tamm",
        "ORG:Rolo Demo OÜ;Product",
        "TITLE:Product Manager",
        "item1.TEL;type=CELL;type=VOICE;type=pref:+372 5123 4567",
        "item1.X-ABLabel:_$!<Mobile>!$_",
        "item2.EMAIL;type=INTERNET;type=WORK:mari-liis.tamm@jobapp.example",
        "item3.ADR;type=WORK:;;Pikk 1;Tallinn;;10123;Estonia",
        "item3.X-ABLabel:Office",
        "BDAY:1988-03-14",
        "NOTE:Met at the Tartu office party\\; likes board games.\\nPrefers Slack to e-mail, and is",
        "  happy to mentor new PMs.",
    ] + folded("PHOTO;ENCODING=b;TYPE=JPEG:" + portrait(0).base64EncodedString()) + ["END:VCARD"]

    /// Nextcloud / khard, vCard 4.0: a name in capitals still matches.
    private static let nextcloud: [String] = [
        "BEGIN:VCARD",
        "VERSION:4.0",
        "UID:urn:uuid:5c8e4a1e-3b0f-4c59-9b8e-2f4c8a1d6e77",
        "FN:JÜRI ÕUNAPUU",
        "N:ÕUNAPUU;JÜRI;;;",
        "TEL;VALUE=uri;TYPE=\"cell,voice\":tel:+372-5012-3456",
        "EMAIL;TYPE=work;PREF=1:juri.ounapuu@jobapp.example",
        "CATEGORIES:Android,Tallinn",
    ] + folded("PHOTO:data:image/jpeg;base64," + portrait(1).base64EncodedString()) + ["END:VCARD"]

    /// Outlook, vCard 2.1: quoted-printable UTF-8 with a soft line break.
    private static let outlook: [String] = [
        "BEGIN:VCARD",
        "VERSION:2.1",
        "N;CHARSET=utf-8:Termomeeter;Peeter",
        "FN;CHARSET=utf-8:Peeter Termomeeter",
        "TEL;CELL;VOICE:55 555 555",
        "TEL;WORK:+372 640 0000",
        "EMAIL;PREF;INTERNET:peeter@telisa.ee",
        "NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=utf-8:Kohtusime M=C3=A4rtsis, r=C3=A4=",
        "=C3=A4kisime =C3=B5unapuudest.",
        "PHOTO;TYPE=JPEG;ENCODING=BASE64:",
    ] + lines(of: portrait(2).base64EncodedString(), width: 72).map { "  " + $0 } + ["", "END:VCARD"]

    /// A Google export, vCard 3.0, of someone the directory doesn't have.
    private static let google: [String] = [
        "BEGIN:VCARD",
        "VERSION:3.0",
        "FN:Juri Õunapuu",
        "N:Õunapuu;Juri;;;",
        "EMAIL;TYPE=INTERNET;TYPE=HOME:juri.private@example.com",
        "END:VCARD",
    ]

    /// A long line folded as RFC 6350 asks: 75 octets, then a space starts each continuation.
    private static func folded(_ line: String) -> [String] {
        let parts = lines(of: line, width: 74)
        return [parts[0]] + parts.dropFirst().map { " " + $0 }
    }

    /// `text` (ASCII) cut into lines of `width` characters.
    private static func lines(of text: String, width: Int) -> [String] {
        let characters = Array(text)
        return stride(from: 0, to: characters.count, by: width).map { String(characters[$0..<min($0 + width, characters.count)]) }
    }
}
