import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@MainActor
@Suite("Pipedrive avatars: a missing Gravatar is remembered", .temporaryDirectories)
struct PipedriveAvatarTests {
    /// A pipedrive source over stored persons whose avatars come from `http` through a disk
    /// cache in `cache`, the first person selected and settled.
    private func source(_ http: any HTTPClient, cache: String) async throws -> (PipedriveViewModel, PipedrivePerson) {
        let busy = BusyTracker()
        let store = try RoloDatabase.inMemory()
        let persons = PipedriveSamples.persons(3)
        try await storePipedrive(persons, in: store, at: Sample.today)
        let account = FakePipedrive(persons: persons)
        await account.fail(PipedriveSamples.unreachable)
        let model = makePipedrive(account, database: store, pictures: PictureStore(pipeline: ImagePipeline(), busy: busy),
                                  imageLoader: RemoteImageLoader(http: http, cache: ImageDiskCache(directory: cache), timeout: 5),
                                  busy: busy)
        model.start()
        #expect(await model.settled())
        model.selectionChanged(to: persons[0].id)
        #expect(await model.settled())
        return (model, persons[0])
    }

    @Test("A Gravatar 404 says 'no Gravatar', and says it again offline on the next run without a request")
    func rememberedOffline() async throws {
        let cache = try TemporaryDirectory.scopedPath("rolo-gravatar")
        let online = FakeImageServer()
        let (first, person) = try await source(online, cache: cache)
        #expect(first.picture(for: person).caption == PipedriveViewModel.noGravatar)
        #expect(await online.requested.count == 1)

        let offline = FakeHTTPClient(always: .fail(.unreachable))
        let (second, again) = try await source(offline, cache: cache)
        #expect(second.picture(for: again).caption == PipedriveViewModel.noGravatar, "not 'can't be fetched'")
        #expect(offline.requests.isEmpty)
    }
}
