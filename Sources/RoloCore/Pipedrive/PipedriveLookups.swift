/// Pipedrive's organisation and owner names, declared as the `[[sources.lookups]]` of the
/// account seen as a configured source (``PipedriveDefinition/definition(companyURL:api:)``).
///
/// A person names its organisation in `org_id` and its owner in `owner_id` (v2: the id; v1: an
/// object whose `value` is the id and which holds the name too, which wins). The lists are
/// `/api/v2/organizations`, in pages of the persons' page size (500) by cursor, and `/v1/users`,
/// whole: v1 has no v2 successor for users. Their rows in `custom_lookup`,
/// beside the persons' (``PipedriveAccount/lookups``), are what ``LookupValues`` over these
/// lookups resolves `{org.name}` and `{owner.name}` from.
public enum PipedriveLookups {
    /// The lookup of a person's organisation (`org_id`): `{org.name}`.
    public static let organizations = "org"
    /// The lookup of a person's owner, one of the account's users (`owner_id`): `{owner.name}`.
    public static let owners = "owner"

    /// The `[[sources.lookups]]` tables for the account at `company` (no trailing slash, already
    /// quoted for TOML).
    public static func toml(company: String) -> String {
        """
        [[sources.lookups]]
        name = "\(organizations)"
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
        name = "\(owners)"
        field = "owner_id"
        url = "\(company)/v1/users"
        records = "data"
        id = "id"
        """
    }
}
