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
        if let list = RecordRuns.decode(DirectoryRecord.self, from: data) ?? employeesInRuns(data) { return list }
        do {
            return try JSONDecoder().decode(DirectoryList.self, from: data).employees
        } catch {
            throw FetchError.unreadable(data, service: service, reason: DecodingProblem.from(error).reason)
        }
    }

    /// Whether `data` lists exactly `saved`'s people, in order, none of them skipped: read and
    /// compared a run at a time (``RecordRuns/matches(_:from:array:expected:elementsPerRun:width:)``),
    /// so an answer that repeats the saved one is never held decoded. False when it doesn't,
    /// and whenever in doubt (a body that doesn't read run by run): the caller decodes it then.
    static func repeats(_ data: Data, _ saved: DirectoryRoster) -> Bool {
        guard ResponseBody(data) == .json else { return false }
        if RecordRuns.matches(DirectoryRecord.self, from: data, expected: saved) { return true }
        guard let list = listInObject(data) else { return false }
        return RecordRuns.matches(DirectoryRecord.self, from: data, array: list, expected: saved)
    }

    /// `{"employees": [...]}` read a run of employees at a time (see ``RecordRuns``): a whole
    /// decode of 200,000 people holds a tree of about 80 MB per city. The object with its list
    /// emptied is decoded whole, so a body that is wrong outside the list is left to
    /// the whole decode and its message; nil then, or when the scan can't find the list.
    private static func employeesInRuns(_ data: Data) -> DecodedList<DirectoryEmployee>? {
        listInObject(data).flatMap { RecordRuns.decode(DirectoryRecord.self, from: data, array: $0) }
    }

    /// Where the `employees` array of `{"employees": [...]}` is in `data`, when the object with
    /// that list emptied decodes whole; nil otherwise.
    private static func listInObject(_ data: Data) -> Range<Int>? {
        guard let list = JSONScan.arrayMember("employees", of: data),
              let rest = try? JSONDecoder().decode(DirectoryList.self, from: JSONScan.emptying([list], of: data)),
              rest.employees.records.isEmpty, rest.employees.skipped.isEmpty
        else { return nil }
        return list
    }
}
