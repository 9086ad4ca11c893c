extension Employee: Searchable {
    /// The name, the gender and the birth date as the list shows it.
    public var searchFields: [String] { [fullName, gender, birthDate.display] }
}
