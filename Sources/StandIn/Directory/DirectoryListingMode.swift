/// How the stand-in answers one city's `employee_list`.
public enum DirectoryListingMode: String, Sendable, Equatable, CaseIterable {
    /// The generated listing.
    case ok
    /// nginx's 500 page, as a crashed backend behind the real service's proxy gives.
    case fail
    /// A 200 whose JSON is cut off part-way, as a dropped upstream connection gives.
    case invalid
}
