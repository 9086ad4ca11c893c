import Testing

/// The fakes' gate: a release waits for the request it lets go, and a release with none to let
/// go fails the test it is in, never the whole test process.
@Suite("A fake's held requests: released once they are made, and a wrong release is a failure, not a trap")
struct HeldRequestsTests {
    /// A fake with one kind of request, held until released.
    private actor Fake {
        private let held = HeldRequests()
        private(set) var answered = 0
        var heldCount: Int { held.count }

        func request() async {
            await held.hold()
            answered += 1
        }

        func release(within limit: Duration = .seconds(30), sourceLocation: SourceLocation = #_sourceLocation) async {
            await held.release(within: limit, sourceLocation: sourceLocation)
        }
    }

    @Test("A release that comes before its request waits for it, then lets it go")
    func releaseBeforeRequest() async {
        let fake = Fake()
        async let released: Void = fake.release()
        try? await Task.sleep(for: .milliseconds(20))
        await fake.request()
        await released
        #expect(await fake.answered == 1)
        #expect(await fake.heldCount == 0)
    }

    @Test("A release with nothing held fails the running test with a message and returns")
    func releaseWithNothingHeld() async {
        let fake = Fake()
        await withKnownIssue {
            await fake.release(within: .milliseconds(50))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("no request was held") }
        }
        #expect(await fake.answered == 0)
    }
}
