import RoloCore

/// The built-in sources by name, for tests that go through each of them.
extension SourceID {
    static let people = PeopleSource.id
    static let directory = DirectorySource.id
    static let foods = FoodsSource.id
    static let randomuser = RandomUserSource.id
    static let pipedrive = PipedriveSource.id
    /// Every built-in source, in tab order.
    static var allCases: [SourceID] { SourceRegistry.catalog().ids }
}
