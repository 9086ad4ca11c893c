import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

/// Pictures are asked for the rows on screen and the selected row only: counted after the
/// load and after End, over lists too long for anything else to pass.
@MainActor
@Suite("Long lists: pictures asked for on-screen rows only, after the load and after End", .temporaryDirectories)
struct LargeListPicturesTests {
    private static let size = Size(width: 120, height: 40)

    private func jpeg() throws -> Data {
        try ImageEncoder.jpeg(rgb: [UInt8](repeating: 120, count: 8 * 8 * 3), width: 8, height: 8, quality: 90)
    }

    /// Draws a frame and waits for the work it started.
    private func draw(_ controller: ScreenController, _ busy: BusyTracker) async {
        _ = controller.render(theme: .color, glyphs: .unicode)
        #expect(await settle({ busy.isIdle }, limit: 100_000))
    }

    @Test("people, 200,000 with thumbnails: the rows drawn at the top, then those drawn at the end")
    func people() async throws {
        let thumb = ImageField.bytes(try jpeg())
        let staff = (1...200_000).map { id in
            var employee = Sample.employee(id, "Mari", "Tamm-\(id)")
            employee.thumbImage = thumb
            return employee
        }
        let busy = BusyTracker()
        let pictures = PictureStore(pipeline: ImagePipeline(), busy: busy)
        let model = PeopleViewModel(service: FakePeopleService(list: [.success(staff)]), busy: busy, pictures: pictures,
                                    clock: ImmediateClock(), now: { Sample.today })
        let controller = ScreenController(sources: [model], size: Self.size, busy: busy, now: { Sample.today }, timeZone: Sample.zone)
        controller.start()
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        #expect(pictures.requestCount == 1, "before a frame, only the selected row's thumbnail")
        await draw(controller, busy)
        let onScreen = controller.visibleEntries
        #expect(onScreen > 5 && onScreen < 20)
        #expect(pictures.requestCount == onScreen)
        controller.perform(.last)
        await draw(controller, busy)
        #expect(controller.render(theme: .color, glyphs: .unicode).text.contains("Tamm-200000"))
        #expect(pictures.requestCount == 2 * onScreen)
    }

    @Test("foods, 200,000 with photos: the selected food's photo only, at the top and after End")
    func foods() async throws {
        let menu = (1...200_000).map { id in
            Food(id: "\(id)", name: "Pie \(id)", photoURL: URL(string: "https://foods.test/\(id).jpg"))
        }
        let images = FakeImageServer()
        let folder = try TemporaryDirectory.scoped("rolo-foods")
        let busy = BusyTracker()
        let (controller, _, _) = await foodsScreen(
            FakeFoodsService(menu), size: Self.size, pictures: PictureStore(pipeline: ImagePipeline(), busy: busy),
            imageLoader: RemoteImageLoader(http: images, cache: ImageDiskCache(directory: folder.path), timeout: 5), busy: busy)
        await draw(controller, busy)
        #expect(await images.requested.map(\.lastPathComponent) == ["1.jpg"])
        controller.perform(.last)
        await draw(controller, busy)
        #expect(await images.requested.map(\.lastPathComponent) == ["1.jpg", "200000.jpg"])
    }

    @Test("randomuser, 20 pages loaded: thumbnails for the rows drawn, none for the rest")
    func randomuser() async throws {
        let images = FakeImageServer()
        let folder = try TemporaryDirectory.scoped("rolo-randomuser")
        let busy = BusyTracker()
        let pictures = PictureStore(pipeline: ImagePipeline(), busy: busy)
        let (model, _) = makeRandomUser(
            FakeRandomUserService(total: 1_000), store: try memoryStore(), pictures: pictures,
            imageLoader: RemoteImageLoader(http: images, cache: ImageDiskCache(directory: folder.path), timeout: 5), busy: busy)
        model.start()
        for _ in 0..<20 {
            #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
            model.loadNextPage()
        }
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        #expect(model.persons.count == 210)
        #expect(pictures.requestCount == 0, "pages loaded with no frame drawn ask for no thumbnails")
        let controller = ScreenController(sources: [model], size: Self.size, busy: busy, now: { Sample.today }, timeZone: Sample.zone)
        controller.start()
        await draw(controller, busy)
        // The rows on screen, and the selected person's portrait.
        #expect(pictures.requestCount == controller.visibleEntries + 1)
    }
}
