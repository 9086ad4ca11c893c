extension DumpSchemas {
    /// OpenFoods: the country as its code and its English name (null for a code that isn't an
    /// assigned one), the time in UTC.
    public static let foods = DumpSchema<Food>(FoodsSource.id, [
        DumpField("id") { .text($0.id) },
        DumpField("name") { .text($0.name) },
        DumpField("liked") { .bool($0.isLiked) },
        DumpField("country") { .optional($0.countryCode) },
        DumpField("country_name") { .optional($0.countryCode.flatMap(Country.name(for:))) },
        DumpField("description") { .text($0.description) },
        DumpField("updated") { .timestamp($0.lastUpdated) },
        DumpField("photo_url") { .optional($0.photoURL?.absoluteString) },
    ])
}
