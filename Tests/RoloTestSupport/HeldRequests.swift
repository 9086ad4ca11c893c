import Foundation
import Testing

/// Requests a fake holds in flight until the test lets them go, oldest first. Owned by one
/// fake (an actor) and used only on it.
///
/// A release waits for a request to be held rather than assuming one is: the model may show
/// what it has (a stored list) before it makes the request the test holds, so the test's last
/// wait can end first. A release that finds none within 30 s fails the running test and
/// returns; it never traps, which would end every test in the process.
public final class HeldRequests {
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init() {}

    /// How many requests are held now.
    public var count: Int { waiting.count }

    /// Holds the calling request until it is released.
    public func hold(isolation: isolated (any Actor)? = #isolation) async {
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Lets the oldest held request (the newest, with `newest`) go on, once there is one: within
    /// 30 s (`within`), else the test fails here.
    public func release(newest: Bool = false, within limit: Duration = waitBound, isolation: isolated (any Actor)? = #isolation,
                        sourceLocation: SourceLocation) async {
        guard await poll(within: limit, { !waiting.isEmpty }), let request = newest ? waiting.popLast() : waiting.popFirst() else {
            Issue.record("release: no request was held within \(limit) to let go", sourceLocation: sourceLocation)
            return
        }
        request.resume()
    }
}

extension Array {
    /// Removes and returns the first element; nil when empty.
    public mutating func popFirst() -> Element? {
        isEmpty ? nil : removeFirst()
    }

    /// The next of a fake's scripted answers, the last one repeating once reached; nil, with an
    /// issue recorded, when the script is empty.
    public mutating func nextAnswer(sourceLocation: SourceLocation = #_sourceLocation) -> Element? {
        guard let answer = count > 1 ? popFirst() : first else {
            Issue.record("the fake was given no answers to give", sourceLocation: sourceLocation)
            return nil
        }
        return answer
    }
}
