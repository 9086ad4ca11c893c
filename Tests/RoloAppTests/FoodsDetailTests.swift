import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@MainActor
@Suite("Foods view-model: the detail")
struct FoodsDetailTests {
    private func loaded(useFlags: Bool = true) async -> (FoodsViewModel, FakeFoodsService, BusyTracker) {
        let service = FakeFoodsService(FoodSamples.menu)
        let (model, busy) = makeFoods(service, useFlags: useFlags)
        model.start()
        _ = await settle { busy.isIdle && !model.isLoading }
        return (model, service, busy)
    }

    @Test("Every field, the full description, and the keys")
    func fields() async {
        let (model, service, busy) = await loaded()
        #expect(model.detail(for: "1") == [
            .picture(Picture(initials: "FS", colorSeed: 1)),
            .title("French Onion Soup"),
            .gap,
            .field(label: "Liked", value: "♡ no"),
            .field(label: "Country", value: "🇫🇷 France (FR)"),
            .field(label: "Last updated", value: "1 Jan 1970 03:00"),
            .gap,
            .paragraph(FoodSamples.soup.description),
            .gap,
            .notice("l likes or unlikes · r reloads", isError: false),
        ])
        await expectAgreesWithServer(model, service, busy)
    }

    @Test("A recent date says how long ago; no description and an unknown code say so")
    func edges() async {
        let (model, service, busy) = await loaded()
        let kama = model.detail(for: "2")
        #expect(kama.contains(.field(label: "Liked", value: "♥ yes")))
        #expect(kama.contains(.field(label: "Country", value: "🇪🇪 Estonia (EE)")))
        #expect(kama.contains(.field(label: "Last updated", value: "18 Nov 2026 13:03 (3 min ago)")))
        #expect(kama.contains(.notice("No description.", isError: false)))
        let stew = model.detail(for: "3")
        #expect(stew.contains(.field(label: "Country", value: "XX (not a known country)")))
        #expect(stew.contains(.field(label: "Last updated", value: "—")))
        #expect(stew.contains(.paragraph("Nobody knows.\nNobody asks.")))
        #expect(model.detail(for: "4").contains(.field(label: "Country", value: "—")))
        #expect(model.detail(for: "99").isEmpty)
        await expectAgreesWithServer(model, service, busy)
    }

    @Test("Without Unicode symbols the country is its name and code")
    func ascii() async {
        let (model, service, busy) = await loaded(useFlags: false)
        #expect(model.detail(for: "2").contains(.field(label: "Country", value: "Estonia (EE)")))
        #expect(model.detail(for: "2").contains(.field(label: "Liked", value: "* yes")))
        await expectAgreesWithServer(model, service, busy)
    }

    @Test("The like shows the intent and “saving…” while its PUT is in flight")
    func saving() async {
        let (model, service, busy) = await loaded()
        await service.holdPuts()
        model.perform(.like, on: "1")
        #expect(model.detail(for: "1").contains(.field(label: "Liked", value: "♥ yes — saving…")))
        #expect(model.statusItems == ["saving…"])
        #expect(await settle(async: { await service.heldPutCount == 1 }))
        await service.releasePut()
        #expect(await settle { busy.isIdle && !model.isLoading })
        #expect(model.detail(for: "1").contains(.field(label: "Liked", value: "♥ yes")))
        #expect(model.statusItems.isEmpty)
        await expectAgreesWithServer(model, service, busy)
    }
}
