extension Food: Searchable {
    /// The name, the description and the country (its code and its name).
    public var searchFields: [String] {
        [name, description] + (countryCode.map { [$0, Country.name(for: $0) ?? ""] } ?? [])
    }
}
