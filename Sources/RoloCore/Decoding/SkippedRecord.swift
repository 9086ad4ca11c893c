/// A record of a list that couldn't be read and was left out, with why.
public struct SkippedRecord: Sendable, Equatable {
    /// The record's position in the list the server sent, from 0.
    public var index: Int
    /// Why, naming the field ("'id' should be a whole number"); never the field's value.
    public var reason: String
    /// The reason as the on-screen notice says it ("an id that isn't a number").
    public var summary: String

    /// Creates a skipped record at `index` for `problem`.
    public init(index: Int, problem: DecodingProblem) {
        self.index = index
        self.reason = problem.reason
        self.summary = problem.summary
    }
}
