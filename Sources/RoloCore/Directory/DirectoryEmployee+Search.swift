extension DirectoryEmployee: Searchable {
    /// The names, the email, the position's code and title, and every project.
    public var searchFields: [String] {
        [firstName, lastName, email, position.rawValue, position.title] + projects
    }

    /// Every word of a term is looked for on its own, so `mari tamm` finds Mari-Liis Tamm.
    public static var searchesEveryWord: Bool { true }
}
