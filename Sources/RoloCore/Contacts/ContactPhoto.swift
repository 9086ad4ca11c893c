import Foundation

/// A card's own picture (`PHOTO`), as the card holds it.
public enum ContactPhoto: Sendable, Equatable {
    /// The image's bytes, embedded in the card: base64 in 2.1 (`ENCODING=BASE64`) and 3.0
    /// (`ENCODING=b`), a `data:` URI in 4.0. The image pipeline tells JPEG from PNG.
    case embedded(Data)
    /// A link to a picture elsewhere: rolo shows an address book, it doesn't fetch from it.
    case link(String)
    /// An embedded picture that can't be read, with the reason for the badge.
    case unreadable(String)

    /// The photo `property` holds.
    init(_ property: VCardProperty) {
        let value = property.value.trimmingCharacters(in: .whitespacesAndNewlines)
        if value.lowercased().hasPrefix("data:") {
            self = Self.dataURI(value)
            return
        }
        let encoding = property.parameter("ENCODING").map { $0.lowercased() }
        if encoding.contains("b") || encoding.contains("base64") {
            self = Self.base64(value)
            return
        }
        if property.parameter("VALUE").contains(where: { $0.lowercased() == "uri" || $0.lowercased() == "url" })
            || value.range(of: #"^[a-zA-Z][a-zA-Z0-9+.-]*:"#, options: .regularExpression) != nil
        {
            self = .link(value)
            return
        }
        self = .unreadable("the card's PHOTO is neither embedded nor a link")
    }

    /// `data:[<type>][;base64],<data>` (RFC 2397): the bytes after the comma.
    private static func dataURI(_ value: String) -> ContactPhoto {
        guard let comma = value.firstIndex(of: ",") else { return .unreadable("the photo's data: address has no data") }
        let header = value[value.index(value.startIndex, offsetBy: 5)..<comma].lowercased()
        let payload = String(value[value.index(after: comma)...])
        guard header.split(separator: ";").contains("base64") else {
            guard let text = payload.removingPercentEncoding, !text.isEmpty else {
                return .unreadable("the photo's data: address is empty")
            }
            return .embedded(Data(text.utf8))
        }
        return base64(payload)
    }

    private static func base64(_ text: String) -> ContactPhoto {
        switch ImageField(base64: text) {
        case .bytes(let data): return .embedded(data)
        case .absent: return .unreadable("the card's photo is empty")
        case .invalid(let reason): return .unreadable("the card's photo is \(reason)")
        }
    }
}

extension ContactCard {
    /// The card's first `PHOTO`, if it has one.
    public var photo: ContactPhoto? {
        otherProperties.first { $0.name == "PHOTO" }.map(ContactPhoto.init)
    }
}
