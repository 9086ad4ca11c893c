import Foundation

/// One person of randomuser.me, as the list, the detail and rolo's database keep it.
///
/// Every text is already cleaned for the terminal; names in any script are kept as sent.
public struct RandomPerson: Sendable, Equatable, Codable, Identifiable {
    /// `login.uuid`, or for API versions before 1.2 a fingerprint of the person ("fp-…", see
    /// `RandomPersonIdentity`): the same person keeps it across pages and refreshes with the same seed.
    public var id: String
    /// "Mr", "Miss", "Monsieur", …; "" when none was given.
    public var title: String
    /// The given name.
    public var firstName: String
    /// The family name.
    public var lastName: String
    /// "female" or "male" as the API sends it; "" when none was given.
    public var gender: String
    /// The email address.
    public var email: String
    /// The landline number, in the country's own format.
    public var phone: String
    /// The mobile number, in the country's own format.
    public var cell: String
    /// `dob` (`dob.date` from API 1.2 on): the instant of birth; nil when absent or unreadable.
    public var birthday: Date?
    /// `registered` (`registered.date` from 1.2 on): when the account was made; nil when absent or unreadable.
    public var registered: Date?
    /// `nat`: the nationality as a two-letter code, e.g. "IR".
    public var nationality: String
    /// `location.street.number`, as text ("" when none).
    public var streetNumber: String
    /// `location.street.name`.
    public var streetName: String
    /// `location.city`.
    public var city: String
    /// `location.state`.
    public var state: String
    /// `location.country`.
    public var country: String
    /// `location.postcode`: text keeps its leading zeros ("01234"), a number is its digits.
    public var postcode: String
    /// `location.coordinates.latitude`, kept as the API's text so no precision is invented.
    public var latitude: String
    /// `location.coordinates.longitude`, kept as text like ``latitude``.
    public var longitude: String
    /// `id.name`, the kind of national id ("SSN", "TFN"); often "".
    public var idName: String
    /// `id.value`: nil where the API sends null, "" kept as "".
    public var idValue: String?
    /// The 128 px portrait.
    public var pictureLarge: URL?
    /// The 72 px portrait.
    public var pictureMedium: URL?
    /// The 48 px portrait.
    public var pictureThumbnail: URL?
    /// The contact person's name; the real API has none, so usually nil (shown as "—").
    public var contactName: String?
    /// The contact person's phone; usually nil like ``contactName``.
    public var contactPhone: String?

    /// Creates a person from already-clean values.
    public init(
        id: String, title: String = "", firstName: String, lastName: String, gender: String = "",
        email: String = "", phone: String = "", cell: String = "", birthday: Date? = nil,
        registered: Date? = nil, nationality: String = "", streetNumber: String = "",
        streetName: String = "", city: String = "", state: String = "", country: String = "",
        postcode: String = "", latitude: String = "", longitude: String = "", idName: String = "",
        idValue: String? = nil, pictureLarge: URL? = nil, pictureMedium: URL? = nil,
        pictureThumbnail: URL? = nil, contactName: String? = nil, contactPhone: String? = nil
    ) {
        self.id = id
        self.title = title
        self.firstName = firstName
        self.lastName = lastName
        self.gender = gender
        self.email = email
        self.phone = phone
        self.cell = cell
        self.birthday = birthday
        self.registered = registered
        self.nationality = nationality
        self.streetNumber = streetNumber
        self.streetName = streetName
        self.city = city
        self.state = state
        self.country = country
        self.postcode = postcode
        self.latitude = latitude
        self.longitude = longitude
        self.idName = idName
        self.idValue = idValue
        self.pictureLarge = pictureLarge
        self.pictureMedium = pictureMedium
        self.pictureThumbnail = pictureThumbnail
        self.contactName = contactName
        self.contactPhone = contactPhone
    }
}
