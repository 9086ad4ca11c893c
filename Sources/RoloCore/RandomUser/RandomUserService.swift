/// The randomuser.me API, as the randomuser view-model needs it; tests give it a fake.
public protocol RandomUserService: Sendable {
    /// Page `number` (1-based) of `size` persons for `seed`; throws ``FetchError``.
    func page(_ number: Int, size: Int, seed: String) async throws -> RandomUserPage
}
