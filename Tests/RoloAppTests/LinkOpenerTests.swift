import Foundation
import RoloCore
import Synchronization
import Testing
import TerminalUI
@testable import RoloApp

@MainActor
@Suite("o: a record's link opened on the desktop, or copied over ssh", .temporaryDirectories)
struct LinkOpenerTests {
    /// What a fake opener was asked to start.
    final class Launches: Sendable {
        let started = Mutex<[[String]]>([])
    }

    private func opener(_ environment: [String: String], xdgOpen: Bool = true, launches: Launches = Launches(),
                        fails: Bool = false) -> LinkOpener {
        LinkOpener(environment: environment,
                   findProgram: { name, _ in xdgOpen && name == "xdg-open" ? "/opt/desktop/bin/xdg-open" : nil },
                   launch: { program, arguments in
                       struct CantStart: Error {}
                       if fails { throw CantStart() }
                       launches.started.withLock { $0.append([program] + arguments) }
                   })
    }

    @Test("The decision table: ssh always copies; a display and xdg-open open; no display or no xdg-open copies")
    func decisions() {
        let display = ["DISPLAY": ":0"], wayland = ["WAYLAND_DISPLAY": "wayland-0"]
        #expect(opener(display).route() == .open(program: "/opt/desktop/bin/xdg-open"))
        #expect(opener(wayland).route() == .open(program: "/opt/desktop/bin/xdg-open"))
        #expect(opener(display, xdgOpen: false).route() == .copy(.noOpener))
        #expect(opener([:]).route() == .copy(.noDisplay))
        #expect(opener(["DISPLAY": ""]).route() == .copy(.noDisplay))
        for ssh in ["SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY"] {
            #expect(opener(display.merging([ssh: "10.0.0.2 50000 10.0.0.1 22"]) { $1 }).route() == .copy(.overSSH), "\(ssh)")
            #expect(opener([ssh: "x"], xdgOpen: false).route() == .copy(.overSSH))
        }
        #expect(LinkOpener.copyOnly.route() == .copy(.noDisplay))
    }

    @Test("PATH is searched for an executable xdg-open")
    func searchPath() throws {
        let directory = try TemporaryDirectory.scoped("rolo-path")
        let program = directory.appendingPathComponent("xdg-open").path
        #expect(LinkOpener.searchPath("xdg-open", ["PATH": "/nonexistent:\(directory.path)"]) == nil)
        try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: program))
        #expect(LinkOpener.searchPath("xdg-open", ["PATH": "/nonexistent:\(directory.path)"]) == nil, "not executable yet")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program)
        #expect(LinkOpener.searchPath("xdg-open", ["PATH": "/nonexistent:\(directory.path)"]) == program)
    }

    /// A screen over one record whose detail holds `blocks`, its clipboard recorded.
    private func screen(_ blocks: [DetailBlock], opener: LinkOpener) -> (ScreenController, Copied) {
        let controller = ScreenController(sources: [LinkedModel(blocks: blocks)], size: Size(width: 100, height: 30), busy: BusyTracker())
        let copied = Copied()
        controller.onCopy = { copied.texts.append($0); return .copied(confirmed: false) }
        controller.linkOpener = opener
        controller.start()
        return (controller, copied)
    }

    final class Copied {
        var texts: [String] = []
    }

    private func status(_ controller: ScreenController) -> String {
        controller.render(theme: .monochrome, glyphs: .unicode).lines[28]
    }

    private let crm = DetailBlock.link(title: "In the CRM", url: "https://crm.example/people/7")

    @Test("On the desktop, o starts xdg-open with the declared link and says so")
    func opens() {
        let launches = Launches()
        let (controller, copied) = screen([.title("Ada"), .field(label: "Site", value: "https://ada.example/"), crm],
                                          opener: opener(["DISPLAY": ":0"], launches: launches))
        controller.handle(.key(.character("o")))
        #expect(launches.started.withLock { $0 } == [["/opt/desktop/bin/xdg-open", "https://crm.example/people/7"]])
        #expect(copied.texts.isEmpty)
        #expect(status(controller).contains("opened https://crm.example/people/7"))
    }

    @Test("Over ssh, o copies the link with OSC 52 and never starts anything")
    func copiesOverSSH() {
        let launches = Launches()
        let (controller, copied) = screen([.title("Ada"), crm],
                                          opener: opener(["DISPLAY": ":0", "SSH_CONNECTION": "1 2 3 4"], launches: launches))
        controller.handle(.key(.character("o")))
        #expect(launches.started.withLock { $0 }.isEmpty)
        #expect(copied.texts == ["https://crm.example/people/7"])
        #expect(status(controller).contains("copied the link — rolo runs over ssh, so it doesn't open it here"))
    }

    @Test("xdg-open missing or failing to start: the link is copied and the status line says why")
    func copiesWithoutOpener() {
        let (missing, copiedMissing) = screen([.title("Ada"), crm], opener: opener(["DISPLAY": ":0"], xdgOpen: false))
        missing.handle(.key(.character("o")))
        #expect(copiedMissing.texts == ["https://crm.example/people/7"])
        #expect(status(missing).contains("xdg-open isn't installed"))
        let (failing, copiedFailing) = screen([.title("Ada"), crm], opener: opener(["DISPLAY": ":0"], fails: true))
        failing.handle(.key(.character("o")))
        #expect(copiedFailing.texts == ["https://crm.example/people/7"])
        #expect(status(failing).contains("xdg-open couldn't be started"))
    }

    @Test("A record without a link: nothing opened or copied, and the status line says so")
    func noLink() {
        let launches = Launches()
        let (controller, copied) = screen([.title("Ada"), .field(label: "Email", value: "ada@example.com")],
                                          opener: opener(["DISPLAY": ":0"], launches: launches))
        controller.handle(.key(.character("o")))
        #expect(launches.started.withLock { $0 }.isEmpty && copied.texts.isEmpty)
        #expect(status(controller).contains("this record has no link to open"))
    }
}

/// One record whose detail is the blocks given.
@MainActor
private final class LinkedModel: SourceModel {
    let id = SourceID(rawValue: "linked")
    let listTitle = "Linked"
    let noun = (singular: "record", plural: "records")
    let columns = [ListColumn("Name", .flexible(min: 10))]
    var entries: any ListEntrySource { [ListEntry.row(ListRow(id: "7", cells: ["Ada"]))] }
    let status = SourceStatus(isLoading: false, lastUpdated: nil, items: [], placeholder: nil)
    let searchTerm: String? = nil
    var onEvent: (SourceEvent) -> Void = { _ in }
    let blocks: [DetailBlock]

    init(blocks: [DetailBlock]) { self.blocks = blocks }

    /// Loaded at once: says so, as a source does when its rows come, so the first is selected.
    func start() { onEvent(.changed) }
    func refresh() {}
    func detail(for rowID: String) -> [DetailBlock] { rowID == "7" ? blocks : [] }
    func setSearch(_ term: String?) {}
}
