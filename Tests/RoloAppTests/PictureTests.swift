import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

/// A 40×40 JPEG: the top half red, the bottom half blue.
private func redOverBlue() throws -> Data {
    var rgb: [UInt8] = []
    for y in 0..<40 {
        for _ in 0..<40 { rgb += y < 20 ? [220, 20, 20] : [20, 20, 220] }
    }
    return try ImageEncoder.jpeg(rgb: rgb, width: 40, height: 40, quality: 95)
}

@MainActor
@Suite("Pictures in the people source")
struct PictureTests {
    private func screen(photo: ImageField, width: Int = 100, height: Int = 30) async throws -> (ScreenController, BusyTracker) {
        let service = FakePeopleService(list: [.success([Sample.employee(1, "Mari", "Tamm")])])
        var full = Sample.employee(1, "Mari", "Tamm")
        full.image = photo
        await service.setDetail(1, .success(full))
        let (controller, model, busy) = await peopleScreen(service, size: Size(width: width, height: height), pictures: true)
        #expect(busy.isIdle && !model.isLoading)
        return (controller, busy)
    }

    @Test("The detail shows the photo in half blocks, red over blue, centred in its slot")
    func photoInDetail() async throws {
        let (controller, _) = try await screen(photo: .bytes(try redOverBlue()))
        let canvas = controller.render(theme: .color, glyphs: .unicode)
        assertSnapshot(canvas, named: "people-detail-photo-100x30")
        let detail = controller.layout.detail
        let blocks = (0..<canvas.height).flatMap { y in (detail.x..<detail.maxX).map { canvas[$0, y] } }.filter { $0.text == "▀" }
        #expect(!blocks.isEmpty)
        // A square photo fills a 26×13-cell slot: each cell is one pixel wide and two tall.
        #expect(blocks.count == 26 * 13)
        let reds = blocks.filter { if case .rgb(let r, _, let b) = $0.style.foreground { return r > 150 && b < 90 } else { return false } }
        let blues = blocks.filter { if case .rgb(let r, _, let b) = $0.style.background { return b > 150 && r < 90 } else { return false } }
        #expect(reds.count > 60)
        #expect(blues.count > 60)
    }

    @Test("A photo that can't be decoded gives the badge and a reason, never a crash")
    func brokenPhoto() async throws {
        let truncated = try redOverBlue().prefix(200)
        let (controller, _) = try await screen(photo: .bytes(Data(truncated)))
        let text = controller.render(theme: .monochrome, glyphs: .unicode).text
        #expect(text.contains("photo can't be shown: the JPEG file is truncated"))
        #expect(text.contains("MT"))
    }

    @Test("Invalid base64 says so under the badge")
    func invalidBase64() async throws {
        let (controller, _) = try await screen(photo: .invalid("not valid base64"))
        #expect(controller.render(theme: .monochrome, glyphs: .unicode).text.contains("photo can't be shown: not valid base64"))
    }

    @Test("Thumbnails make rows three lines tall, and i turns them off")
    func thumbnails() async throws {
        var employee = Sample.employee(1, "Mari", "Tamm")
        employee.thumbImage = .bytes(try redOverBlue())
        let service = FakePeopleService(list: [.success([employee, Sample.employee(2, "Jüri", "Õunapuu")])])
        let (controller, model, busy) = await peopleScreen(service, size: Size(width: 80, height: 24), pictures: true)
        #expect(busy.isIdle && !model.isLoading)
        var lines = controller.render(theme: .color, glyphs: .unicode).lines
        #expect(lines[3].hasPrefix("▀▀▀"))
        #expect(lines[4].contains("Mari Tamm"))
        #expect(lines[7].contains("Jüri Õunapuu"))
        controller.perform(.toggleThumbnails)
        lines = controller.render(theme: .color, glyphs: .unicode).lines
        #expect(lines[3].hasPrefix("Mari Tamm"))
        #expect(lines[4].hasPrefix("Jüri Õunapuu"))
    }

    @Test("Moving on cancels the photo still loading for the row left behind")
    func cancelsStaleWork() async throws {
        let busy = BusyTracker()
        let store = PictureStore(pipeline: ImagePipeline(), busy: busy)
        let gate = Gate()
        _ = store.picture("a/photo", columns: 10, rows: 5) { _ in
            await gate.wait()
            try Task.checkCancellation()
            return try redOverBlue()
        }
        #expect(store.state("a/photo", columns: 10, rows: 5) == .loading)
        store.cancel { $0 != "a/photo" }
        await gate.open()
        #expect(await settle({ busy.isIdle }, limit: 100_000))
        #expect(store.state("a/photo", columns: 10, rows: 5) == nil, "cancelled work leaves nothing behind to show")
    }
}

@Suite("Image pipeline")
struct ImagePipelineTests {
    @Test("Bytes that don't decode are asked for once more bypassing the cache, and then shown")
    func refetchesCorruptBytes() async throws {
        let pipeline = ImagePipeline()
        let good = try redOverBlue()
        let requests = Counter()
        let cells = try await pipeline.cells(for: "x", columns: 10, rows: 5) { bypass in
            await requests.add(bypass)
            return bypass ? good : Data("corrupt cached file".utf8)
        }
        #expect(cells.columns == 10)
        #expect(await requests.values == [false, true])
    }

    @Test("An image that stays broken fails with its reason, and is not retried on every frame")
    func staysBroken() async throws {
        let pipeline = ImagePipeline()
        let requests = Counter()
        for _ in 0..<3 {
            await #expect(throws: ImageDecodeError.self) {
                _ = try await pipeline.cells(for: "y", columns: 10, rows: 5) { bypass in
                    await requests.add(bypass)
                    return Data("<html>".utf8)
                }
            }
        }
        #expect(await requests.values == [false, true])
    }
}

/// Records what a loader was asked.
actor Counter {
    private(set) var values: [Bool] = []
    func add(_ value: Bool) { values.append(value) }
}

/// Holds a loader until the test opens it.
actor Gate {
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        waiters.forEach { $0.resume() }
        waiters.removeAll()
    }
}
