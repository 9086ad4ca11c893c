import Foundation
import RoloCore
import Testing
@testable import RoloApp

/// Holds the address book's reading until the test lets it finish.
private actor AddressBookGate {
    private var waiter: CheckedContinuation<Void, Never>?
    private var open = false

    func wait() async {
        guard !open else { return }
        await withCheckedContinuation { waiter = $0 }
    }

    func release() {
        open = true
        waiter?.resume()
        waiter = nil
    }
}

@MainActor
@Suite("Directory view-model: the address book read on another thread")
struct DirectoryAddressBookTests {
    private typealias S = DirectorySamples

    @Test("The list shows before a slow address book is in; its markers follow it")
    func listBeforeAddressBook() async {
        let service = FakeDirectoryService(tallinn: .success(S.tallinnList), tartu: .success(S.tartuList))
        let gate = AddressBookGate()
        let addressBook = Task.detached { () -> AddressBookIndex in
            await gate.wait()
            return AddressBookIndex(cards: S.cards, problem: nil)
        }
        let busy = BusyTracker()
        let model = DirectoryViewModel(service: service, snapshots: nil, addressBook: addressBook, busy: busy,
                                       now: { Sample.today }, locale: S.locale, timeZone: Sample.zone)
        model.start()
        #expect(await settle { model.entries.entryCount > 0 && !model.isLoading })
        #expect(model.entries.outline.contains("Mari Tamm"), "no card marker before the address book is read")
        #expect(model.statusItems == ["reading contacts"])
        #expect(!busy.isIdle, "the address book is still awaited")

        await gate.release()
        #expect(await settle { busy.isIdle })
        #expect(model.entries.outline.contains("Mari Tamm ☎"))
        #expect(model.statusItems == ["2 contacts"])
    }

    @Test("An address book that couldn't be read says why once it is in")
    func problemAfterReading() async {
        let service = FakeDirectoryService(tallinn: .success(S.tallinnList), tartu: .success(S.tartuList))
        let addressBook = Task.detached { AddressBookIndex(cards: [], problem: "No address book at /x") }
        let busy = BusyTracker()
        let model = DirectoryViewModel(service: service, snapshots: nil, addressBook: addressBook, busy: busy,
                                       now: { Sample.today }, locale: S.locale, timeZone: Sample.zone)
        model.start()
        #expect(await settle { busy.isIdle })
        #expect(model.statusItems == ["No address book at /x"])
    }
}
