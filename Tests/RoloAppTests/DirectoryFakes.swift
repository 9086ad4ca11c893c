import Foundation
@testable import RoloApp
import RoloCore
import TerminalUI
import Testing

/// The directory's cities in memory: a scripted answer per listing URL, counted calls, and a
/// gate that holds the next `fetchAll` until the test opens it.
actor FakeDirectoryService: DirectoryService {
    let urls = [DirectorySamples.tallinn, DirectorySamples.tartu]
    private var answers: [URL: Result<[DirectoryEmployee], FetchError>]
    private(set) var calls = 0
    private let held = HeldRequests()
    private var holdNext = false
    /// What the source said each listing gave last time, at the last fetch.
    private(set) var kept: [URL: DirectoryRoster] = [:]

    init(tallinn: Result<[DirectoryEmployee], FetchError>, tartu: Result<[DirectoryEmployee], FetchError>) {
        answers = [DirectorySamples.tallinn: tallinn, DirectorySamples.tartu: tartu]
    }

    func answer(_ url: URL, _ result: Result<[DirectoryEmployee], FetchError>) {
        answers[url] = result
    }

    /// The next fetch waits until `release()`.
    func holdNextFetch() {
        holdNext = true
    }

    /// Lets the held fetch go on, waiting (bounded) for it to be made.
    func release(sourceLocation: SourceLocation = #_sourceLocation) async {
        await held.release(sourceLocation: sourceLocation)
    }

    var isHolding: Bool { held.count > 0 }

    func fetchAll(decodingAfter ready: @escaping @Sendable (URL) async -> DirectoryRoster?) async -> [DirectoryListing] {
        calls += 1
        if holdNext {
            holdNext = false
            await held.hold()
        }
        for url in urls { kept[url] = await ready(url) }
        return urls.map { url in
            guard let answer = answers[url] else {
                Issue.record("FakeDirectoryService has no answer for \(url)")
                return DirectoryListing(url: url, result: .failure(DirectorySamples.unreachable))
            }
            return DirectoryListing(url: url, result: answer)
        }
    }
}

/// Records what a source reports, for tests that check banners.
@MainActor
final class EventLog {
    private(set) var events: [SourceEvent] = []

    var banners: [String] {
        events.compactMap { event in
            if case .banner(let text, _) = event { return text }
            return nil
        }
    }

    func attach(to model: DirectoryViewModel) {
        model.onEvent = { [weak self] in self?.events.append($0) }
    }
}

enum DirectorySamples {
    static let tallinn = URL(string: "https://tallinn-jobapp.aw.ee/employee_list")!
    static let tartu = URL(string: "https://tartu-jobapp.aw.ee/employee_list")!
    /// en_US, not en_US_POSIX: POSIX collation on Linux ignores `.caseInsensitive` and puts
    /// "iOS" after "Web" (see the report on `DirectoryMerge`).
    static let locale = Locale(identifier: "en_US")

    static let mari = DirectoryEmployee(firstName: "Mari", lastName: "Tamm", email: "mari.tamm@example.ee",
                                        phone: "+372 5555 1234", position: .ios, projects: ["Tere", "Kiri"])
    static let jyri = DirectoryEmployee(firstName: "Jüri", lastName: "Õun", email: "jyri@example.ee",
                                        position: .android, projects: ["Kassa"])
    static let peeter = DirectoryEmployee(firstName: "Peeter", lastName: "Termomeeter", email: "peeter@telisa.ee",
                                          phone: "55 555 555", position: .web, projects: ["MyCoolApp", "OneTimeThing"])
    static let anna = DirectoryEmployee(firstName: "Anna", lastName: "Kask", email: "anna.kask@example.ee",
                                        position: .pm)
    static let liis = DirectoryEmployee(firstName: "Liis", lastName: "Aas", email: "liis@example.ee",
                                        position: .ios, projects: ["Pilv"])
    /// Mari again, as Tartu lists her: another project, which the merge adds to hers.
    static let mariInTartu = DirectoryEmployee(firstName: "MARI", lastName: "tamm ", email: "mari@tartu.example.ee",
                                               position: .ios, projects: ["Kiri", "Ilm"])

    static let tallinnList = [mari, jyri, peeter]
    static let tartuList = [mariInTartu, anna, liis]

    static let unreachable = FetchError(kind: .unreachable, endpoint: "tartu-jobapp.aw.ee:443",
                                        message: "Can't reach tartu-jobapp.aw.ee — r to retry", detail: "refused")

    /// A listing that isn't JSON, failed as the real decoder fails it.
    static var invalidJSON: Result<[DirectoryEmployee], FetchError> {
        do {
            return .success(try DirectoryDecoder.decodeEmployees(Data("<html>Bad gateway</html>".utf8)).records)
        } catch let error as FetchError {
            return .failure(error)
        } catch {
            Issue.record("the directory's decoder threw \(error), not a FetchError")
            return .failure(unreachable)
        }
    }

    /// A rich card for Mari Tamm with every kind of field, as Apple and Nextcloud write them.
    static let mariCardText = """
        BEGIN:VCARD
        VERSION:3.0
        N:Tamm;Mari;Liis;Dr.;PhD
        FN:Dr. Mari Liis Tamm
        NICKNAME:Mats
        item1.TEL;type=CELL;type=pref:+372 5555 1234
        item1.X-ABLabel:_$!<Mobile>!$_
        TEL;TYPE=WORK,VOICE:+372 600 0000
        EMAIL;TYPE=INTERNET,HOME:mari@home.example
        EMAIL;TYPE=WORK:mari.tamm@example.ee
        ORG:Telisa;Mobile
        TITLE:Lead iOS developer
        ROLE:Mentor
        ADR;TYPE=WORK:;;Pikk 1;Tallinn;;10123;Estonia
        BDAY:1985-04-15
        NOTE:Prefers calls after ten. Knows everything about the old Kassa app and the payment flows that nobody else remembers.
        URL;TYPE=HOME:https://mari.example
        UID:mari-uid-1
        X-SOCIALPROFILE;TYPE=mastodon:https://mastodon.example/@mari
        CATEGORIES:work,ios
        END:VCARD
        BEGIN:VCARD
        VERSION:4.0
        FN:Juri Õun
        N:Õun;Juri;;;
        END:VCARD
        """

    static var cards: [ContactCard] { VCardParser.parse(mariCardText) }
}

/// A directory source over `service`, its saves in a new temporary directory.
@MainActor
func makeDirectory(_ service: FakeDirectoryService, store: DirectorySnapshotStore? = temporaryStore(),
                   cards: [ContactCard] = DirectorySamples.cards, contactsProblem: String? = nil,
                   busy: BusyTracker = BusyTracker()) -> (DirectoryViewModel, BusyTracker) {
    let model = DirectoryViewModel(service: service, snapshots: store, contacts: cards, contactsProblem: contactsProblem,
                                   busy: busy, now: { Sample.today }, locale: DirectorySamples.locale, timeZone: Sample.zone)
    return (model, busy)
}

/// A save file in a directory of its own, removed when the running test ends (its suite has
/// `.temporaryDirectories`).
func temporaryStore(sourceLocation: SourceLocation = #_sourceLocation) -> DirectorySnapshotStore {
    do {
        let directory = try TemporaryDirectory.scoped("rolo-dir", sourceLocation: sourceLocation)
        return DirectorySnapshotStore(path: directory.appendingPathComponent("directory.json").path)
    } catch {
        Issue.record("no temporary directory for the directory's snapshot: \(error)", sourceLocation: sourceLocation)
        return DirectorySnapshotStore(path: "/nonexistent/rolo-dir/directory.json")
    }
}

/// A screen over one directory source, started and settled.
@MainActor
func directoryScreen(_ service: FakeDirectoryService, size: Size,
                     store: DirectorySnapshotStore? = temporaryStore()) async -> (ScreenController, DirectoryViewModel, BusyTracker) {
    let (model, busy) = makeDirectory(service, store: store)
    let controller = ScreenController(sources: [model], size: size, busy: busy, now: { Sample.today }, timeZone: Sample.zone)
    controller.start()
    _ = await settle({ busy.isIdle && !model.isLoading }, limit: 100_000)
    return (controller, model, busy)
}

extension ListEntrySource {
    /// Each entry as one line of text: "# iOS" for a header, "Mari Tamm ☎" for a row.
    var outline: [String] {
        (0..<entryCount).map { index in
            switch entry(at: index) {
            case .header(let title): return "# " + title
            case .row(let row): return row.cells[0] + (row.marker.map { " " + $0 } ?? "")
            }
        }
    }
}
