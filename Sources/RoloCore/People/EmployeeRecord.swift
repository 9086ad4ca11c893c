/// Decodes one employee object tolerantly: the RAML's fields, in the types the real server and
/// its variants send, every string cleaned for the terminal.
struct EmployeeRecord: ListRecord {
    let employee: Employee

    var record: Employee { employee }

    init(from decoder: any Decoder) throws {
        guard let fields = try? decoder.container(keyedBy: AnyCodingKey.self) else {
            throw DecodingProblem("not an object", summary: "a record that isn't an object")
        }
        employee = Employee(
            id: try fields.requiredWholeNumber("id"),
            firstName: try fields.requiredString("first_name").sanitizedForTerminal,
            lastName: try fields.requiredString("last_name").sanitizedForTerminal,
            gender: try fields.requiredString("gender").sanitizedForTerminal,
            birthDate: BirthDate(try fields.requiredString("birth_date").sanitizedForTerminal),
            thumbImage: Self.image(fields, "thumbImage"),
            image: Self.image(fields, "image"))
    }

    /// An image is optional: a bad one becomes ``ImageField/invalid(_:)`` rather than failing
    /// the whole record, so the person is still listed.
    private static func image(_ fields: KeyedDecodingContainer<AnyCodingKey>, _ key: String) -> ImageField {
        guard !fields.isAbsentOrNull(key) else { return .absent }
        guard let text = try? fields.decode(String.self, forKey: AnyCodingKey(stringValue: key)) else {
            return .invalid("not text")
        }
        return ImageField(base64: text)
    }
}

/// Decodes `/employees`: a bare array (the real server) or `{"people": [...]}` (the RAML).
struct EmployeeList: Decodable {
    let employees: DecodedList<Employee>

    init(from decoder: any Decoder) throws {
        var items: any UnkeyedDecodingContainer
        if let array = try? decoder.unkeyedContainer() {
            items = array
        } else if let object = try? decoder.container(keyedBy: AnyCodingKey.self) {
            guard let people = try? object.nestedUnkeyedContainer(forKey: "people") else {
                throw DecodingProblem("expected a list of employees, or an object with a 'people' list")
            }
            items = people
        } else {
            throw DecodingProblem("expected a list of employees")
        }
        employees = items.decodeEach(EmployeeRecord.self, \.employee)
    }
}
