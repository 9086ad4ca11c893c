import Foundation

/// Decodes the ME employees server's bodies in both the real server's and the RAML's shapes.
///
/// Every function throws ``FetchError`` of kind `.badResponse` whose message says what was wrong;
/// its `endpoint` is empty until ``PeopleClient`` places it with ``FetchError/located(at:)``.
public enum PeopleDecoder {
    /// The service name used in messages: "The people server …".
    static let service = "people"

    /// Decodes `/employees`: a bare array or `{"people": [...]}`, record by record: an employee
    /// that can't be read is skipped and said in ``DecodedList/skipped``. A bare array is read
    /// a run at a time (``RecordRuns``); any other shape, and any error, whole.
    public static func decodeEmployees(_ data: Data) throws -> DecodedList<Employee> {
        if let list = RecordRuns.decode(EmployeeRecord.self, from: data) { return list }
        return try decode(EmployeeList.self, from: data).employees
    }

    /// Decodes `/employees/{id}`: one employee object.
    public static func decodeEmployee(_ data: Data) throws -> Employee {
        try decode(EmployeeRecord.self, from: data).employee
    }

    /// Decodes `/healthCheck`: the bare string `"Ok"` or `{"message": "Ok"}`.
    public static func decodeHealth(_ data: Data) throws -> ServerHealth {
        guard let message = try decode(ServerMessage.self, from: data).text else {
            throw FetchError.unreadable(data, service: service, reason: "expected a status message")
        }
        let clean = message.sanitizedForTerminal.trimmingCharacters(in: .whitespaces)
        return clean.caseInsensitiveCompare("ok") == .orderedSame ? .ok : .unhealthy(clean)
    }

    /// Whether a 404 body is the server's own "not found" answer (a bare string or a `message`
    /// object) rather than an HTML page, which means the URL doesn't lead to the API at all.
    static func isNotFoundAnswer(_ data: Data) -> Bool {
        ResponseBody(data) == .json && (try? decode(ServerMessage.self, from: data).text) != nil
    }

    private static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        guard ResponseBody(data) == .json else {
            throw FetchError.unreadable(data, service: service, reason: "not JSON")
        }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw FetchError.unreadable(data, service: service, reason: DecodingProblem.from(error).reason)
        }
    }
}

/// A message the server sends as a bare JSON string or as `{"message": "..."}`.
struct ServerMessage: Decodable {
    let text: String?

    init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            self.text = text
        } else if let object = try? decoder.container(keyedBy: AnyCodingKey.self) {
            self.text = try? object.lenientString("message")
        } else {
            self.text = nil
        }
    }
}
