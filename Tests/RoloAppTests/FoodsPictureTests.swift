import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

/// An image server in memory over ``FakeHTTPClient``: bytes or a status per URL (404 "not found"
/// for any other), the URLs asked for, and a hold on every request until the test opens it.
actor FakeImageServer: HTTPClient {
    private let http = FakeHTTPClient(otherwise: .notFound(body: Data("not found".utf8)))

    /// From now on, answers `url` with `status` and `body`.
    func serve(_ url: URL, status: Int = 200, body: Data) { http.on(.url(url.absoluteString), .respond(status, body)) }
    /// The URLs asked for, in order.
    var requested: [URL] { http.requests.map(\.url) }
    /// Holds every request from now on until ``open()``.
    func hold() { http.hold(.max) }
    /// Lets every held request go on, and holds no more.
    func open() { http.releaseAll() }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await http.send(request)
    }
}

@MainActor
@Suite("Foods view-model: the photo", .temporaryDirectories)
struct FoodsPictureTests {
    private let photoURL: URL
    /// The photos' disk cache, removed when the test ends.
    private let folder: URL

    init() throws {
        photoURL = try #require(FoodSamples.soup.photoURL)
        folder = try TemporaryDirectory.scoped("rolo-foods")
    }

    /// A loaded foods source whose photos come from `images` through the disk cache in `folder`.
    private func loaded(_ images: FakeImageServer) async -> (FoodsViewModel, FakeFoodsService, BusyTracker) {
        let busy = BusyTracker()
        let loader = RemoteImageLoader(http: images, cache: ImageDiskCache(directory: folder.path), timeout: 5)
        let service = FakeFoodsService(FoodSamples.menu)
        let (model, _) = makeFoods(service, pictures: PictureStore(pipeline: ImagePipeline(), busy: busy),
                                   imageLoader: loader, busy: busy)
        model.pictureSlotChanged(to: Size(width: 20, height: 10))
        model.start()
        _ = await settle({ busy.isIdle && !model.isLoading }, limit: 100_000)
        return (model, service, busy)
    }

    private func picture(_ model: FoodsViewModel, _ id: String) -> Picture? {
        for block in model.detail(for: id) { if case .picture(let picture) = block { return picture } }
        return nil
    }

    private func jpeg() throws -> Data {
        try ImageEncoder.jpeg(rgb: [UInt8](repeating: 200, count: 20 * 20 * 3), width: 20, height: 20, quality: 90)
    }

    @Test("Selecting a food fetches its photo once, at the slot's size; the detail only reads it")
    func photoShown() async throws {
        let images = FakeImageServer()
        await images.serve(photoURL, body: try jpeg())
        let (model, service, busy) = await loaded(images)
        #expect(picture(model, "1")?.caption == "loading photo…", "nothing asked for yet: the slot is kept")
        #expect(await images.requested.isEmpty, "detail(for:) starts nothing")
        model.selectionChanged(to: "1")
        #expect(await settle({ busy.isIdle }, limit: 100_000))
        let shown = try #require(picture(model, "1"))
        #expect(shown.image != nil)
        #expect(shown.slot == Size(width: 20, height: 10))
        #expect(shown.caption == nil)
        model.selectionChanged(to: "2")
        model.selectionChanged(to: "1")
        #expect(await settle({ busy.isIdle }, limit: 100_000))
        #expect(await images.requested == [photoURL])
        await expectAgreesWithServer(model, service, busy)
    }

    @Test("While the photo loads, its slot is kept and says so")
    func loading() async throws {
        let images = FakeImageServer()
        await images.hold()
        await images.serve(photoURL, body: try jpeg())
        let (model, service, busy) = await loaded(images)
        model.selectionChanged(to: "1")
        #expect(await settle(async: { await images.requested.count == 1 }))
        let waiting = try #require(picture(model, "1"))
        #expect(waiting.caption == "loading photo…")
        #expect(waiting.slot == Size(width: 20, height: 10))
        await images.open()
        await expectAgreesWithServer(model, service, busy)
        #expect(picture(model, "1")?.image != nil)
    }

    @Test("A 404 gives the badge and says the server has no photo")
    func unshowable() async throws {
        let images = FakeImageServer()
        let (model, service, busy) = await loaded(images)
        model.selectionChanged(to: "1")
        #expect(await settle({ busy.isIdle }, limit: 100_000))
        let missing = try #require(picture(model, "1"))
        #expect(missing.image == nil)
        #expect(missing.initials == "FS")
        #expect(missing.caption == "no photo on the server")
        await expectAgreesWithServer(model, service, busy)
    }

    @Test("r fetches a photo that failed again, and shows it; the failure stays on screen until then")
    func refreshRetriesPhoto() async throws {
        let images = FakeImageServer()
        await images.serve(photoURL, status: 503, body: Data("busy".utf8))
        let (model, service, busy) = await loaded(images)
        model.selectionChanged(to: "1")
        #expect(await settle({ busy.isIdle }, limit: 100_000))
        let failed = try #require(picture(model, "1")?.caption)
        #expect(failed.hasPrefix("photo can't be shown: "))
        await images.serve(photoURL, body: try jpeg())
        await images.hold()
        model.refresh()
        #expect(await settle(async: { await images.requested.count == 2 }))
        #expect(picture(model, "1")?.caption == failed, "no flicker to loading while asking again")
        await images.open()
        await expectAgreesWithServer(model, service, busy)
        #expect(picture(model, "1")?.image != nil)
        model.refresh()
        await expectAgreesWithServer(model, service, busy)
        #expect(await images.requested == [photoURL, photoURL], "a photo once shown is never fetched again")
    }

    @Test("An image that isn't a JPEG or PNG says why")
    func broken() async throws {
        let images = FakeImageServer()
        await images.serve(photoURL, body: Data("<html>oops</html>".utf8))
        let (model, service, busy) = await loaded(images)
        model.selectionChanged(to: "1")
        #expect(await settle({ busy.isIdle }, limit: 100_000))
        let caption = try #require(picture(model, "1")?.caption)
        #expect(caption.hasPrefix("photo can't be shown: "))
        #expect(caption != "photo can't be shown: ")
        await expectAgreesWithServer(model, service, busy)
    }

    @Test("A food without a photo URL has the badge alone, and nothing is requested")
    func noPhoto() async throws {
        let images = FakeImageServer()
        let (model, service, busy) = await loaded(images)
        model.selectionChanged(to: "2")
        #expect(await settle({ busy.isIdle }, limit: 100_000))
        #expect(picture(model, "2") == Picture(initials: "K", colorSeed: 2))
        #expect(await images.requested.isEmpty)
        await expectAgreesWithServer(model, service, busy)
    }

    @Test("A new slot size renders the photo again for it")
    func slotChange() async throws {
        let images = FakeImageServer()
        await images.serve(photoURL, body: try jpeg())
        let (model, service, busy) = await loaded(images)
        model.selectionChanged(to: "1")
        #expect(await settle({ busy.isIdle }, limit: 100_000))
        model.pictureSlotChanged(to: Size(width: 12, height: 6))
        #expect(await settle({ busy.isIdle }, limit: 100_000))
        let shown = try #require(picture(model, "1"))
        #expect(shown.slot == Size(width: 12, height: 6))
        #expect(shown.image != nil)
        #expect(await images.requested == [photoURL], "the second size came from the disk cache or memory")
        await expectAgreesWithServer(model, service, busy)
    }
}
