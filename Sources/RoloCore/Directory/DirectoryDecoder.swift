import Foundation

/// Decodes the directory service's `employee_list` bodies.
///
/// Throws ``FetchError`` of kind `.badResponse` whose message names the field and the index of
/// the record that was wrong; its `endpoint` is empty until ``DirectoryClient`` places it.
public enum DirectoryDecoder {
    /// The service name used in messages: "The directory server …".
    static let service = "directory"

    /// Decodes one listing: `{"employees": [...]}` (or a bare array), record by record: an
    /// employee that can't be read is skipped and said in ``DecodedList/skipped``.
    public static func decodeEmployees(_ data: Data) throws -> DecodedList<DirectoryEmployee> {
        guard ResponseBody(data) == .json else {
            throw FetchError.unreadable(data, service: service, reason: "not JSON")
        }
        do {
            return try JSONDecoder().decode(DirectoryList.self, from: data).employees
        } catch {
            throw FetchError.unreadable(data, service: service, reason: DecodingProblem.from(error).reason)
        }
    }
}
