/// One answer of a names list: ids and names, and where the next page starts.
public struct PipedriveNamePage: Sendable, Equatable {
    /// Id → name, for every entry of the page that has a name.
    public var names: [Int: String]
    /// `additional_data.next_cursor`; nil at the end, and always for the users list.
    public var nextCursor: String?

    /// A page of `names`, followed by the page at `nextCursor`.
    public init(names: [Int: String], nextCursor: String? = nil) {
        self.names = names
        self.nextCursor = nextCursor
    }
}
