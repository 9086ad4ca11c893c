extension DumpSchemas {
    /// Pipedrive: the primary email and phone for quick use, every one in `emails`/`phones`, the
    /// organisation and owner by name where the stored person has it and by id.
    public static let pipedrive = DumpSchema<PipedrivePerson>(PipedriveSource.id, [
        DumpField("id") { person in Int(person.id).map(DumpValue.number) ?? .text(person.id) },
        DumpField("name") { .text($0.displayName) },
        DumpField("first_name") { .optional($0.firstName) },
        DumpField("last_name") { .optional($0.lastName) },
        DumpField("email") { .optional($0.primaryEmail) },
        DumpField("emails") { .list($0.emails.map(\.value)) },
        DumpField("phone") { .optional(($0.phones.first(where: \.primary) ?? $0.phones.first)?.value) },
        DumpField("phones") { .list($0.phones.map(\.value)) },
        DumpField("organization") { .optional($0.organizationName) },
        DumpField("organization_id") { .optional($0.organizationID) },
        DumpField("owner") { .optional($0.ownerName) },
        DumpField("owner_id") { .optional($0.ownerID) },
        DumpField("open_deals") { .optional($0.openDeals) },
        DumpField("added") { .timestamp($0.addTime) },
        DumpField("updated") { .timestamp($0.updateTime) },
    ])
}
