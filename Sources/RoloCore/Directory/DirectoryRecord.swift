import Foundation

/// Decodes one directory employee tolerantly: the seed's schema, where optional keys are absent
/// (and `null` is taken as absent too), every string cleaned for the terminal.
struct DirectoryRecord: ListRecord {
    let employee: DirectoryEmployee

    var record: DirectoryEmployee { employee }

    init(from decoder: any Decoder) throws {
        guard let fields = try? decoder.container(keyedBy: AnyCodingKey.self) else {
            throw DecodingProblem("not an object", summary: "a record that isn't an object")
        }
        guard !fields.isAbsentOrNull("contact_details") else {
            throw DecodingProblem.missing("contact_details")
        }
        guard let contact = try? fields.nestedContainer(keyedBy: AnyCodingKey.self, forKey: "contact_details") else {
            throw DecodingProblem.wrongType("contact_details", should: "an object", isnt: "an object")
        }
        let email = try Self.inContactDetails { try contact.requiredString("email") }
        let phone = try Self.inContactDetails { try contact.lenientString("phone") }
        employee = Self.employee(
            firstName: try fields.requiredString("fname"), lastName: try fields.requiredString("lname"),
            email: email, phone: phone, position: try fields.requiredString("position"), projects: try Self.projects(fields))
    }

    /// The employee of the fields as the server sent them: every text cleaned for the
    /// terminal, a blank phone none, empty project names dropped, as they can't be shown.
    static func employee(
        firstName: String, lastName: String, email: String, phone: String?, position: String, projects: [String]
    ) -> DirectoryEmployee {
        DirectoryEmployee(
            firstName: clean(firstName), lastName: clean(lastName), email: clean(email),
            phone: phone.map(clean).flatMap { $0.isEmpty ? nil : $0 },
            position: .init(serverValue: position.sanitizedForTerminal),
            projects: projects.map(clean).filter { !$0.isEmpty })
    }

    /// Runs `read`, naming a failing field by its full path ("'contact_details.email' is
    /// missing"), so it can't be mistaken for a top-level key.
    private static func inContactDetails<T>(_ read: () throws -> T) throws -> T {
        do {
            return try read()
        } catch let problem as DecodingProblem {
            guard let quote = problem.reason.firstIndex(of: "'") else { throw problem }
            var reason = problem.reason
            reason.insert(contentsOf: "contact_details.", at: reason.index(after: quote))
            throw DecodingProblem(reason, summary: problem.summary)
        }
    }

    static func clean(_ text: String) -> String {
        let cleaned = text.sanitizedForTerminal
        // Foundation's trim costs microseconds even when there is nothing to trim, which is
        // almost always: over a second for 200,000 people. It runs only when an end is blank.
        guard let first = cleaned.unicodeScalars.first, let last = cleaned.unicodeScalars.last,
              isBlank(first) || isBlank(last) else { return cleaned }
        return cleaned.trimmingCharacters(in: .whitespaces)
    }

    /// The space separators (Zs) and the tab, the blanks `CharacterSet.whitespaces` trims (it
    /// holds the zero-width space too, which never starts this trim). ASCII is answered without
    /// the Unicode tables: two lookups a field are a tenth of the directory's decode.
    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == " " || scalar == "\t" }
        return scalar.properties.generalCategory == .spaceSeparator
    }

    /// Absent, null or `[]` is no projects; a null name is none.
    private static func projects(_ fields: KeyedDecodingContainer<AnyCodingKey>) throws -> [String] {
        guard !fields.isAbsentOrNull("projects") else { return [] }
        guard var items = try? fields.nestedUnkeyedContainer(forKey: "projects") else {
            throw DecodingProblem.wrongType("projects", should: "a list", isnt: "a list")
        }
        var projects: [String] = []
        while !items.isAtEnd {
            let index = items.currentIndex
            if (try? items.decodeNil()) == true { continue }
            guard let name = try? items.decode(String.self) else {
                throw DecodingProblem("'projects[\(index)]' should be text", summary: "a project that isn't text")
            }
            projects.append(name)
        }
        return projects
    }
}

/// Decodes a listing: `{"employees": [...]}`; a bare array is accepted too.
struct DirectoryList: Decodable {
    let employees: DecodedList<DirectoryEmployee>

    init(from decoder: any Decoder) throws {
        var items: any UnkeyedDecodingContainer
        if let array = try? decoder.unkeyedContainer() {
            items = array
        } else if let object = try? decoder.container(keyedBy: AnyCodingKey.self) {
            guard !object.isAbsentOrNull("employees") else {
                throw DecodingProblem("'employees' is missing")
            }
            guard let list = try? object.nestedUnkeyedContainer(forKey: "employees") else {
                throw DecodingProblem("'employees' should be a list")
            }
            items = list
        } else {
            throw DecodingProblem("expected an object with an 'employees' list")
        }
        employees = items.decodeEach(DirectoryRecord.self, \.employee)
    }
}
