/// Every source's dump fields, in one place so `rolo dump --help` and `--fields` agree.
public enum DumpSchemas {
    /// The field names of `source`, in their default order.
    public static func names(for source: SourceID) -> [String] {
        switch source {
        case .people: people.names
        case .directory: directory.names
        case .foods: foods.names
        case .randomuser: randomUser.names
        case .pipedrive: pipedrive.names
        }
    }
}
