/// Where a page starts: v2 pages by opaque cursor, v1 by offset.
public enum PipedrivePageToken: Sendable, Equatable, Hashable {
    /// v2's `cursor` query item.
    case cursor(String)
    /// v1's `start` query item.
    case start(Int)
}
