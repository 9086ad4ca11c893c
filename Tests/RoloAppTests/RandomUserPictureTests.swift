import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@MainActor
@Suite("Randomuser view-model: avatars", .temporaryDirectories)
struct RandomUserPictureTests {
    /// The avatars' disk cache, shared by a test's runs and removed when it ends.
    private let folder: URL

    init() throws {
        folder = try TemporaryDirectory.scoped("rolo-avatars")
    }

    private func jpeg() throws -> Data {
        try ImageEncoder.jpeg(rgb: [UInt8](repeating: 120, count: 16 * 16 * 3), width: 16, height: 16, quality: 90)
    }

    /// An image server with every avatar of the first page, thumbnails and portraits.
    private func images() async throws -> FakeImageServer {
        let images = FakeImageServer()
        for index in 0..<10 {
            let person = RandomUserSamples.person(index, seed: RandomUserSamples.seed)
            for url in [person.pictureThumbnail, person.pictureLarge].compactMap({ $0 }) {
                await images.serve(url, body: try jpeg())
            }
        }
        return images
    }

    /// A started source whose avatars come from `images` through the disk cache in `folder`,
    /// its rows made once as a frame draws them, which asks for their thumbnails.
    private func loaded(_ images: FakeImageServer, store: PersonStore<RandomPerson>) async -> (RandomUserViewModel, BusyTracker) {
        let busy = BusyTracker()
        let cache = ImageDiskCache(directory: folder.path)
        let loader = RemoteImageLoader(http: images, cache: cache, timeout: 5)
        let (model, _) = makeRandomUser(FakeRandomUserService(), store: store,
                                        pictures: PictureStore(pipeline: ImagePipeline(), busy: busy),
                                        imageLoader: loader, avatarCache: cache, busy: busy)
        model.pictureSlotChanged(to: Size(width: 20, height: 10))
        model.start()
        _ = await settle({ busy.isIdle && !model.isLoading }, limit: 100_000)
        for index in 0..<model.entries.entryCount { _ = model.entries.entry(at: index) }
        _ = await settle({ busy.isIdle }, limit: 100_000)
        return (model, busy)
    }

    private func picture(_ model: RandomUserViewModel, _ id: String) -> Picture? {
        for block in model.detail(for: id) { if case .picture(let picture) = block { return picture } }
        return nil
    }

    @Test("Each row gets its thumbnail; the selected person's portrait is fetched once")
    func thumbnailsAndPortrait() async throws {
        let images = try await images()
        let (model, busy) = await loaded(images, store: try memoryStore())
        #expect(model.canShowThumbnails)
        let rows = (0..<model.entries.entryCount).compactMap { model.entries.entry(at: $0).row }
        #expect(rows.count == 10)
        #expect(rows.allSatisfy { $0.thumbnail != nil })
        #expect(picture(model, "rolo-0")?.caption == "loading avatar…")
        model.selectionChanged(to: "rolo-0")
        #expect(await settle({ busy.isIdle }, limit: 100_000))
        let shown = try #require(picture(model, "rolo-0"))
        #expect(shown.image != nil)
        #expect(shown.slot == Size(width: 20, height: 10))
        model.selectionChanged(to: "rolo-1")
        model.selectionChanged(to: "rolo-0")
        #expect(await settle({ busy.isIdle }, limit: 100_000))
        let portrait = try #require(RandomUserSamples.person(0, seed: RandomUserSamples.seed).pictureLarge)
        #expect(await images.requested.filter { $0 == portrait }.count == 1)
        model.showsThumbnails = false
        #expect(model.entries.entry(at: 0).row?.thumbnail == nil)
    }

    @Test("A later run shows the stored persons' avatars from the disk cache, with no request")
    func cachedAvatarsNotFetched() async throws {
        let store = try memoryStore()
        let first = try await images()
        _ = await loaded(first, store: store)
        #expect(await first.requested.count == 10)
        let second = FakeImageServer()
        let (model, busy) = await loaded(second, store: store)
        model.selectionChanged(to: "rolo-0")
        #expect(await settle({ busy.isIdle }, limit: 100_000))
        #expect(await second.requested.count == 1, "only the portrait, which the first run never showed")
        let rows = (0..<model.entries.entryCount).compactMap { model.entries.entry(at: $0).row }
        #expect(rows.allSatisfy { $0.thumbnail != nil })
    }

    @Test("A missing portrait gives the initials badge and the reason; a person without one, just the badge")
    func missing() async throws {
        let (model, busy) = await loaded(FakeImageServer(), store: try memoryStore())
        model.selectionChanged(to: "rolo-2")
        #expect(await settle({ busy.isIdle }, limit: 100_000))
        let badge = try #require(picture(model, "rolo-2"))
        #expect(badge.image == nil)
        #expect(badge.initials == "АИ")
        #expect(badge.caption == "no avatar on the server")
        let plain = RandomPerson(id: "p", firstName: "Ada", lastName: "Lovelace")
        #expect(model.picture(for: plain).caption == "no avatar")
        #expect(model.picture(for: plain).initials == "AL")
    }
}
