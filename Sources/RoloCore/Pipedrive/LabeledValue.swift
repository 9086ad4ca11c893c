/// One phone number or email address of a Pipedrive person, with its label (`work`, `home`…).
public struct LabeledValue: Codable, Sendable, Equatable {
    /// The number or address.
    public var value: String
    /// The label the user chose in Pipedrive; nil when none.
    public var label: String?
    /// Whether Pipedrive marks this as the person's primary one.
    public var primary: Bool

    /// Creates a value from already-cleaned text.
    public init(value: String, label: String? = nil, primary: Bool = false) {
        self.value = value
        self.label = label
        self.primary = primary
    }
}
