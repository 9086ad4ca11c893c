/// Which Pipedrive persons API to use: v2 (cursor paging, the default) or v1 for older accounts.
public enum PipedriveAPIVersion: String, Sendable, CaseIterable {
    /// `GET /v1/persons?start=&limit=`.
    case v1
    /// `GET /api/v2/persons?limit=&cursor=`.
    case v2
}
