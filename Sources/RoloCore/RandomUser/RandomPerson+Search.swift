extension RandomPerson: Searchable {
    /// The name, the email, the city, the country and the nationality.
    public var searchFields: [String] { [fullName, email, city, country, nationality] }
}
