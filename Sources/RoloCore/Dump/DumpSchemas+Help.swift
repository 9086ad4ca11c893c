extension DumpSchemas {
    /// Every source's fields as `rolo dump --help` lists them: a literal, because the command's
    /// configuration is built on every start of rolo, and generating this there would cost
    /// a millisecond of each launch. A test keeps it equal to ``fieldList()``.
    public static let fieldsHelp = """
          people      id, name, first_name, last_name, gender, birth_date
          directory   name, first_name, last_name, email, phone, position, projects,
                      contact
          foods       id, name, liked, country, country_name, description, updated,
                      photo_url
          randomuser  id, title, name, first_name, last_name, gender, email, phone,
                      cell, birthday, age, nationality, street, city, state, postcode,
                      country, address, latitude, longitude, id_name, id_value,
                      registered, contact_name, contact_phone, picture
          pipedrive   id, name, first_name, last_name, email, emails, phone, phones,
                      organization, organization_id, owner, owner_id, open_deals,
                      added, updated
        """

    /// Each source's fields, wrapped under 80 columns with a hanging indent (the help's own
    /// wrapping would start continuation lines at the margin): what ``fieldsHelp`` must say.
    static func fieldList() -> String {
        SourceID.allCases.map { source in
            let label = source.rawValue
            var lines = ["  " + label + String(repeating: " ", count: max(0, 12 - label.count))]
            let names = names(for: source)
            for (index, name) in names.enumerated() {
                let piece = name + (index == names.count - 1 ? "" : ",")
                if lines[lines.count - 1].count + piece.count + 1 > 78 { lines.append(String(repeating: " ", count: 14)) }
                lines[lines.count - 1] += (lines[lines.count - 1].hasSuffix(" ") ? "" : " ") + piece
            }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
