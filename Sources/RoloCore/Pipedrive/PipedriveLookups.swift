/// Pipedrive's organisation and owner names, declared as the `[[sources.lookups]]` of the
/// account seen as a configured source (``PipedriveActions/definition(companyURL:api:)``).
///
/// A person names its organisation in `org_id` and its owner in `owner_id` (v2: the id; v1: an
/// object whose `value` is the id and which holds the name too, which wins). The lists are the
/// ones ``PipedriveClient`` fetches, with the same requests: `/api/v2/organizations` in pages of
/// the persons' page size (500) by cursor, and `/v1/users` whole. Their rows in `custom_lookup`,
/// beside the persons' (``PipedriveAccount/lookups``), are what ``LookupValues`` over these
/// lookups resolves `{org.name}` and `{owner.name}` from.
public enum PipedriveLookups {
    /// The `[[sources.lookups]]` tables for the account at `company` (no trailing slash, already
    /// quoted for TOML).
    public static func toml(company: String) -> String {
        """
        [[sources.lookups]]
        name = "\(PipedriveNameKind.organizations.lookup)"
        field = "org_id"
        url = "\(company)/api/v2/organizations"
        records = "data"
        id = "id"

        [sources.lookups.paging]
        style = "cursor"
        param = "cursor"
        next = "additional_data.next_cursor"
        size_param = "limit"
        size = 500

        [[sources.lookups]]
        name = "\(PipedriveNameKind.users.lookup)"
        field = "owner_id"
        url = "\(company)/v1/users"
        records = "data"
        id = "id"
        """
    }
}
