import Foundation
@testable import RoloApp
import RoloCore
import TerminalUI
import Testing

/// A people server in memory: canned answers, counted calls, and a gate that holds the next
/// list request in flight until the test opens it.
actor FakePeopleService: PeopleService {
    var listAnswers: [Result<[Employee], FetchError>]
    var detailAnswers: [Int: Result<Employee, FetchError>] = [:]
    var healthAnswer: Result<ServerHealth, FetchError> = .success(.ok)
    private(set) var listCalls = 0
    /// Records every list answer says it skipped.
    var skipped: [SkippedRecord] = []
    private(set) var detailCalls: [Int] = []
    private let held = HeldRequests()
    private var holdNext = false

    init(list: [Result<[Employee], FetchError>]) {
        listAnswers = list
    }

    func setSkipped(_ skipped: [SkippedRecord]) {
        self.skipped = skipped
    }

    func setDetail(_ id: Int, _ answer: Result<Employee, FetchError>) {
        detailAnswers[id] = answer
    }

    /// The next list request waits until `release()`.
    func holdNextList() {
        holdNext = true
    }

    /// Lets the held list request answer, waiting (bounded) for it to be made.
    func release(sourceLocation: SourceLocation = #_sourceLocation) async {
        await held.release(sourceLocation: sourceLocation)
    }

    var isHolding: Bool { held.count > 0 }

    func health() async throws -> ServerHealth {
        try healthAnswer.get()
    }

    func employees() async throws -> DecodedList<Employee> {
        listCalls += 1
        guard let answer = listAnswers.nextAnswer() else { throw Sample.unreachable }
        if holdNext {
            holdNext = false
            await held.hold()
        }
        return DecodedList(records: try answer.get(), skipped: skipped)
    }

    func employee(id: Int) async throws -> Employee {
        detailCalls.append(id)
        if let answer = detailAnswers[id] { return try answer.get() }
        throw FetchError(kind: .notFound, endpoint: "fake:1", message: "Employee \(id) wasn't found on the server", detail: "")
    }
}

/// A clock whose sleeps end at once, so debounces don't slow tests.
struct ImmediateClock: Clock {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    var now: Instant { Instant(offset: .zero) }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        await Task.yield()
    }
}

enum Sample {
    static let today = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18 11:06:40 UTC
    static let zone = TimeZone(identifier: "Europe/Tallinn")!

    static func employee(_ id: Int, _ first: String, _ last: String, gender: String = "female",
                         born: String = "1 January 1980", image: ImageField = .absent) -> Employee {
        Employee(id: id, firstName: first, lastName: last, gender: gender, birthDate: BirthDate(born), image: image)
    }

    static let staff = [
        employee(1, "Mari", "Tamm", born: "01 January 1980"),
        employee(2, "Jüri", "Õunapuu", gender: "male", born: "14 February 1969"),
        employee(3, "Анна", "Иванова", born: "3 March 1990"),
        employee(4, "秀英", "王", born: "21 June 1975"),
        employee(5, "Zoë", "🌟 Star", gender: "other", born: "9 September 2001"),
    ]

    static let unreachable = FetchError(kind: .unreachable, endpoint: "127.0.0.1:5000",
                                        message: "Can't reach 127.0.0.1:5000 — is the server running? r to retry", detail: "refused")
}

/// A screen over one people source backed by `service`, started and settled.
@MainActor
func peopleScreen(_ service: FakePeopleService, size: Size, pictures: Bool = false) async -> (ScreenController, PeopleViewModel, BusyTracker) {
    let busy = BusyTracker()
    let model = PeopleViewModel(service: service, busy: busy,
                                pictures: pictures ? PictureStore(pipeline: ImagePipeline(), busy: busy) : nil,
                                clock: ImmediateClock(), now: { Sample.today })
    let controller = ScreenController(sources: [model], size: size, busy: busy, now: { Sample.today }, timeZone: Sample.zone)
    controller.start()
    _ = await settle({ busy.isIdle && !model.isLoading }, limit: 100_000)
    return (controller, model, busy)
}
