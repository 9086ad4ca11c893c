/// The ME employees API, as the people view-model needs it; tests give it a fake.
public protocol PeopleService: Sendable {
    /// The server's health; throws ``FetchError`` only when it can't be asked.
    func health() async throws -> ServerHealth
    /// Every employee that could be read, and the ones skipped; throws ``FetchError``.
    func employees() async throws -> DecodedList<Employee>
    /// One employee with its full image; an unknown id throws ``FetchError`` of kind `.notFound`.
    func employee(id: Int) async throws -> Employee
}
