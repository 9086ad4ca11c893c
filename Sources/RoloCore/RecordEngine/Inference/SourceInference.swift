import Foundation

/// Guesses a `[[sources]]` table from a list API's first answer: where the records are, their
/// id and label, a few columns, pictures, a detail URL; ``PagingInference`` adds the paging.
enum SourceInference {
    /// Keys that name a record's id, best first.
    static let idKeys = ["id", "uuid", "_id", "key", "guid", "login.uuid", "id.value", "slug", "number", "login", "username", "email",
                         // Last: a list of names and URLs (PokeAPI's) is keyed by the name.
                         "name"]
    /// Keys that name a record in a word, best first.
    static let labelKeys = ["name", "display_name", "displayName", "full_name", "fullName", "title", "login", "username",
                            "summary", "subject", "label", "fields.summary", "email"]
    /// First-and-last pairs, best first.
    static let namePairs = [("first_name", "last_name"), ("firstName", "lastName"), ("name.first", "name.last"),
                            ("given_name", "family_name"), ("givenName", "surname"), ("fname", "lname"), ("first", "last")]
    /// Words in a key that say the field is a picture.
    static let pictureWords = ["avatar", "image", "img", "photo", "picture", "thumbnail", "thumb", "icon", "logo", "sprite", "portrait", "front_default"]
    /// File names that say a URL is a picture.
    static let pictureExtensions = [".png", ".jpg", ".jpeg", ".gif", ".webp"]

    /// The table's record keys for the answer's `shape`, the list at `url`.
    static func records(_ shape: AnswerShape, into source: inout InferredSource) -> RecordFields {
        if !shape.recordsPath.isEmpty {
            source.set("records", TOMLText.string(TOMLText.path(shape.recordsPath)))
        }
        let fields = RecordFields(shape.records)
        let id = idField(fields)
        if let id {
            if id.path != ["id"] {
                let known = idKeys.prefix(7).contains { AnswerShape.fold($0) == id.path.map(AnswerShape.fold).joined(separator: ".") }
                source.set("id", TOMLText.string(TOMLText.path(id.path)),
                           doubt: !id.isUnique ? "not unique in the first page" : known ? nil : "no field 'id'; this one is unique in the first page")
            }
        } else {
            source.set("id", TOMLText.string("id"), doubt: "no field is unique in every record: name the one that is")
        }
        let label = labelTemplate(fields, id: id)
        source.set("label", TOMLText.string(label.template), doubt: label.doubt)
        let used = Set((label.paths + [id?.path ?? []]).map { $0 })
        let columns = columns(fields, excluding: used)
        if !columns.isEmpty {
            let items = columns.map { "{ title = \(TOMLText.string($0.title)), value = \(TOMLText.string("{\(TOMLText.path($0.path))}")) }" }
            source.set("columns", "[ " + items.joined(separator: ", ") + " ]")
        }
        pictures(fields, into: &source)
        return fields
    }

    /// The id: the first of ``idKeys`` every record has, unique ones first; else a unique
    /// scalar field whose key ends in "id".
    static func idField(_ fields: RecordFields) -> RecordFields.Field? {
        let named = idKeys.compactMap { fields.everywhere($0) }.filter(\.isScalar)
        if let unique = named.first(where: \.isUnique) { return unique }
        let idLike = fields.fields.filter {
            $0.present == fields.recordCount && $0.isScalar && $0.isUnique && AnswerShape.fold($0.key).hasSuffix("id")
        }
        return idLike.first ?? named.first
    }

    /// The label: a name-like field, or first and last names, or the id.
    static func labelTemplate(_ fields: RecordFields, id: RecordFields.Field?) -> (template: String, paths: [[String]], doubt: String?) {
        for (first, last) in namePairs {
            if let first = fields.everywhere(first), let last = fields.everywhere(last), first.isScalar, last.isScalar {
                return ("{\(TOMLText.path(first.path))} {\(TOMLText.path(last.path))}", [first.path, last.path], nil)
            }
        }
        for key in labelKeys {
            if let field = fields.everywhere(key), field.isScalar, !field.isURLs {
                return ("{\(TOMLText.path(field.path))}", [field.path], key == "email" ? "no name field; the email stands in" : nil)
            }
        }
        let text = fields.fields.first { $0.present == fields.recordCount && $0.isScalar && !$0.isURLs && $0.texts.contains { Double($0) == nil } }
        if let text {
            return ("{\(TOMLText.path(text.path))}", [text.path], "no name field; the first text field stands in")
        }
        let idPath = id?.path ?? ["id"]
        return ("{\(TOMLText.path(idPath))}", [idPath], "no name field; the id stands in")
    }

    /// Two or three columns: an email, a short text, a date, in that order of preference.
    static func columns(_ fields: RecordFields, excluding used: Set<[String]>) -> [(title: String, path: [String])] {
        // A field with one value in every record (Stripe's "object": "customer") tells rows apart no more than none.
        let candidates = fields.fields.filter {
            !used.contains($0.path) && $0.isScalar && $0.present * 2 >= fields.recordCount && !$0.isURLs
                && (fields.recordCount < 2 || Set($0.texts).count > 1)
        }
        var chosen: [RecordFields.Field] = []
        if let email = candidates.first(where: { $0.texts.allSatisfy { $0.contains("@") && !$0.contains(" ") } }) {
            chosen.append(email)
        }
        let dates = candidates.filter { field in
            !chosen.contains { $0.path == field.path } && field.texts.allSatisfy(looksLikeDate)
        }
        let texts = candidates.filter { field in
            !chosen.contains { $0.path == field.path } && !dates.contains { $0.path == field.path }
                && field.averageLength >= 2 && field.averageLength <= 40
                && field.texts.contains { Double($0) == nil && $0 != "true" && $0 != "false" }
                && !pictureWords.contains { AnswerShape.fold(field.key).contains($0.replacingOccurrences(of: "_", with: "")) }
        }
        chosen += texts.prefix(chosen.isEmpty ? 2 : 1)
        if let date = dates.first { chosen.append(date) }
        return chosen.prefix(3).map { (title(for: $0.path), $0.path) }
    }

    /// A column's heading from its key: `created_at` → "Created at", `homeCity` → "Home city".
    static func title(for path: [String]) -> String {
        let generic = ["date", "value", "name", "first", "last", "number", "text", "age", "title"]
        let key = path.count > 1 && generic.contains(path.last ?? "") ? path.suffix(2).joined(separator: " ") : path.last ?? ""
        var words = ""
        for character in key {
            if character == "_" || character == "-" || character == "." {
                words += " "
            } else if character.isUppercase, !words.isEmpty, words.last != " " {
                words += " " + character.lowercased()
            } else {
                words.append(character)
            }
        }
        // Elasticsearch's `_source.name` is "Source name", not " source name".
        let trimmed = words.split(separator: " ").joined(separator: " ")
        return trimmed.prefix(1).uppercased() + trimmed.dropFirst()
    }

    static func looksLikeDate(_ text: String) -> Bool {
        text.range(of: #"^\d{4}-\d{2}-\d{2}([T ][\d:.]+)?(Z|[+-]\d{2}:?\d{2})?$"#, options: .regularExpression) != nil
    }

    /// `image` and `thumbnail`: URL fields whose key or file name says picture; the one whose
    /// key says small is the thumbnail.
    static func pictures(_ fields: RecordFields, into source: inout InferredSource) {
        let pictures = fields.fields.filter { field in
            let texts = field.texts.map { $0.lowercased() }
            guard !texts.isEmpty, field.isScalar,
                  texts.allSatisfy({ $0.hasPrefix("http://") || $0.hasPrefix("https://") || $0.hasPrefix("data:image/") })
            else { return false }
            let key = field.path.joined(separator: ".").lowercased()
            let named = pictureWords.contains { key.contains($0) }
            let files = texts.allSatisfy { text in
                text.hasPrefix("data:image/") || pictureExtensions.contains { text.split(separator: "?").first?.hasSuffix($0) == true }
            }
            // A picture only some records have (a photo on every third person) is still the picture.
            return named || (files && field.present * 2 >= fields.recordCount)
        }
        guard !pictures.isEmpty else { return }
        let sizes = pictures.compactMap { field in field.path.last.flatMap(Int.init).map { (field, $0) } }
        if sizes.count == pictures.count, sizes.count > 1, let large = sizes.max(by: { $0.1 < $1.1 }), let small = sizes.min(by: { $0.1 < $1.1 }) {
            // WordPress's avatar_urls.24/48/96: the sizes are the keys.
            source.set("image", TOMLText.string("{\(TOMLText.path(large.0.path))}"))
            source.set("thumbnail", TOMLText.string("{\(TOMLText.path(small.0.path))}"))
            return
        }
        let thumbnail = best(pictures, ["thumb", "small", "icon", "mini", "tiny", "medium"])
        let image = best(pictures.filter { $0.path != thumbnail?.path }, ["large", "full", "original", "big", "image", "photo", "picture", "avatar"])
            ?? pictures.first { $0.path != thumbnail?.path } ?? pictures[0]
        let named = pictures.count <= 2 || image.path.joined(separator: ".").lowercased().contains("large")
        source.set("image", TOMLText.string("{\(TOMLText.path(image.path))}"),
                   doubt: named ? nil : "one of \(pictures.count) picture fields (\(pictures.map { TOMLText.path($0.path) }.joined(separator: ", ")))")
        if let thumbnail, thumbnail.path != image.path {
            source.set("thumbnail", TOMLText.string("{\(TOMLText.path(thumbnail.path))}"))
        }
    }

    /// The field whose path holds the earliest of `words`.
    private static func best(_ fields: [RecordFields.Field], _ words: [String]) -> RecordFields.Field? {
        for word in words {
            if let field = fields.first(where: { $0.path.joined(separator: ".").lowercased().contains(word) }) { return field }
        }
        return nil
    }

    /// A field holding the record's own URL (`url`, `self`, `href`), whose values are URLs on
    /// the list's host that differ from record to record.
    static func detailField(_ fields: RecordFields, list: URL) -> RecordFields.Field? {
        let keys = ["url", "self", "href", "detail_url", "detailUrl", "_links.self", "links.self", "api_url", "resource_url"]
        return keys.compactMap { fields.everywhere($0) }.first { field in
            field.isURLs && field.isUnique && field.texts.allSatisfy { URL(string: $0)?.host == list.host }
        }
    }
}
