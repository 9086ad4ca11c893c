extension ContactCard {
    /// A postal address (`ADR`), each part trimmed, empty parts left empty.
    public struct Address: Sendable, Equatable {
        /// Post office box.
        public var poBox: String
        /// Extended address (apartment, suite).
        public var extended: String
        /// Street address.
        public var street: String
        /// City.
        public var locality: String
        /// State or county.
        public var region: String
        /// Postal code.
        public var postalCode: String
        /// Country name.
        public var country: String
        /// The `TYPE`s, lower-cased.
        public var types: [String]
        /// The Apple label of the item's group, if any.
        public var label: String?

        /// Creates an address; every part defaults to empty.
        public init(
            poBox: String = "", extended: String = "", street: String = "", locality: String = "",
            region: String = "", postalCode: String = "", country: String = "", types: [String] = [],
            label: String? = nil
        ) {
            self.poBox = poBox
            self.extended = extended
            self.street = street
            self.locality = locality
            self.region = region
            self.postalCode = postalCode
            self.country = country
            self.types = types
            self.label = label
        }

        /// The non-empty parts on one line: "Pikk 1, 10123 Tallinn, Estonia".
        public var singleLine: String {
            let city = [postalCode, locality].filter { !$0.isEmpty }.joined(separator: " ")
            return [poBox, extended, street, city, region, country].filter { !$0.isEmpty }.joined(separator: ", ")
        }
    }
}
