extension ContactCard {
    /// A phone number, email or URL with what kind it is.
    public struct Entry: Sendable, Equatable {
        /// The number or address as written (a 4.0 `tel:` URI without its scheme).
        public var value: String
        /// The `TYPE`s, lower-cased, without `pref` and email's meaningless `internet`.
        public var types: [String]
        /// The Apple label of the item's group (`item1.X-ABLabel`), e.g. "Mobile" or a custom one.
        public var label: String?
        /// Whether the card marks it preferred (`TYPE=pref` or `PREF=1`).
        public var isPreferred: Bool

        /// Creates an entry.
        public init(value: String, types: [String] = [], label: String? = nil, isPreferred: Bool = false) {
            self.value = value
            self.types = types
            self.label = label
            self.isPreferred = isPreferred
        }

        /// "mobile", "home, voice": the label when there is one, else the types; nil when neither.
        public var kind: String? {
            if let label, !label.isEmpty { return label }
            return types.isEmpty ? nil : types.joined(separator: ", ")
        }
    }
}
