import Foundation

/// One food of the OpenFoods API, as the list and the detail show it.
public struct Food: Sendable, Equatable, Identifiable {
    /// The server's id, kept as text because servers send it as a number or a string; it goes
    /// back into the like and unlike paths.
    public var id: String
    /// The name, cleaned for the terminal.
    public var name: String
    /// Whether the user likes this food.
    public var isLiked: Bool
    /// An absolute http(s) URL of a photo that probably exists; nil when none was given.
    public var photoURL: URL?
    /// The description, cleaned for the terminal with its line breaks kept; "" when there is none.
    public var description: String
    /// The country of origin as sent, upper-cased: usually an ISO 3166-1 alpha-2 code, but not
    /// always a real one (see ``Country``); nil when none was given.
    public var countryCode: String?
    /// When the food was added or last liked or unliked; nil when absent or unreadable.
    public var lastUpdated: Date?

    /// Creates a food from already-clean values.
    public init(
        id: String, name: String, isLiked: Bool = false, photoURL: URL? = nil, description: String = "",
        countryCode: String? = nil, lastUpdated: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.isLiked = isLiked
        self.photoURL = photoURL
        self.description = description
        self.countryCode = countryCode
        self.lastUpdated = lastUpdated
    }
}
