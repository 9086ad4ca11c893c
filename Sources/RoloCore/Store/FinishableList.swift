/// A kind of stored person whose source's list has an end a sync can reach, so that a dump of a
/// list left unfinished says what it lacks.
public protocol FinishableList {
    /// What the list is when stored whole, "the whole account"; nil for a list with no end
    /// (randomuser's pages go on for ever), whose unfinished state says nothing.
    static var wholeList: String? { get }
}
