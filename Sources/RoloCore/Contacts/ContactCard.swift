/// One person's card from the user's address book (a vCard 2.1, 3.0 or 4.0), every field kept so
/// the contact overlay can show the whole card.
public struct ContactCard: Sendable, Equatable {
    /// The vCard version the card declared (`2.1`, `3.0`, `4.0`), if any.
    public var version: String?
    /// `FN`, the name as the person wants it shown; may be empty in 2.1 cards.
    public var formattedName: String
    /// The given name from `N`, or from `FN` when the card has no `N`.
    public var givenName: String
    /// The family name from `N`, or from `FN` when the card has no `N`.
    public var familyName: String
    /// `N`'s additional (middle) names.
    public var additionalNames: [String]
    /// `N`'s honorific prefixes (`Dr.`).
    public var honorificPrefixes: [String]
    /// `N`'s honorific suffixes (`Jr.`).
    public var honorificSuffixes: [String]
    /// `NICKNAME` values.
    public var nicknames: [String]
    /// `TEL` values with their types and labels.
    public var phones: [Entry]
    /// `EMAIL` values with their types and labels.
    public var emails: [Entry]
    /// `URL` values with their types and labels.
    public var urls: [Entry]
    /// `ADR` values.
    public var addresses: [Address]
    /// `ORG`: the organisation, then its units, joined with ", ".
    public var organization: String?
    /// `TITLE`, the job title.
    public var title: String?
    /// `ROLE`.
    public var role: String?
    /// `BDAY` as written (`1985-04-15`, `19850415`, `--0415`).
    public var birthday: String?
    /// `NOTE`, line breaks kept.
    public var note: String?
    /// Every other property (`UID`, `PHOTO`, `X-SOCIALPROFILE`, `CATEGORIES`, ...), in file
    /// order; `BEGIN`, `END`, `VERSION` and the `X-ABLabel`s folded into entries are left out.
    public var otherProperties: [VCardProperty]
    /// Whether the names came from `N` rather than from splitting `FN`.
    public var hasStructuredName: Bool

    /// An empty card, filled in by the parser.
    public init() {
        version = nil
        formattedName = ""
        givenName = ""
        familyName = ""
        additionalNames = []
        honorificPrefixes = []
        honorificSuffixes = []
        nicknames = []
        phones = []
        emails = []
        urls = []
        addresses = []
        organization = nil
        title = nil
        role = nil
        birthday = nil
        note = nil
        otherProperties = []
        hasStructuredName = false
    }

    /// The name to show: `FN`, else given and family name, else the organisation or the first
    /// email, else "(no name)".
    public var displayName: String {
        if !formattedName.isEmpty { return formattedName }
        let name = [givenName, familyName].filter { !$0.isEmpty }.joined(separator: " ")
        return [name, organization ?? "", emails.first?.value ?? ""].first { !$0.isEmpty } ?? "(no name)"
    }
}
