import Foundation
import Testing

/// How long a test waits for something to happen: 30 s, the most a loaded two-core machine was
/// seen to hold a ready task back, and far more than a passing test needs.
public let waitBound: Duration = .seconds(30)

/// How long a test waits for a real process or a server thread (rolo in tmux, curl's transfer):
/// 60 s, since a full parallel run on two busy cores can hold a new process back for seconds.
public let processWaitBound: Duration = .seconds(60)

/// Polls `condition` on the caller's actor every millisecond until it holds, for up to `within`;
/// whether it held. For work the code under test hands to other threads or tasks.
public func poll(within limit: Duration = waitBound, isolation: isolated (any Actor)? = #isolation,
                 _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return condition()
}

/// Polls an async `condition` (an actor's state) as ``poll(within:isolation:_:)`` does.
public func poll(within limit: Duration = waitBound, isolation: isolated (any Actor)? = #isolation,
                 async condition: () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return await condition()
}

/// Lets queued work on the caller's actor run until `condition` holds: `limit` turns of
/// yielding (what main-actor work needs, and fast), then polls for up to `within` for work handed
/// to other threads (a list prepared or searched off the main actor); whether it held.
public func settle(_ condition: () -> Bool, limit: Int = 10_000, within: Duration = waitBound,
                   isolation: isolated (any Actor)? = #isolation) async -> Bool {
    for _ in 0..<limit {
        if condition() { return true }
        await Task.yield()
    }
    return await poll(within: within, condition)
}

/// ``settle(_:limit:within:isolation:)`` for an async `condition`, e.g. a request reached a
/// fake's gate.
public func settle(async condition: () async -> Bool, limit: Int = 10_000, within: Duration = waitBound,
                   isolation: isolated (any Actor)? = #isolation) async -> Bool {
    for _ in 0..<limit {
        if await condition() { return true }
        await Task.yield()
    }
    return await poll(within: within, async: condition)
}

/// A wait that ran out: what was awaited and for how long, as the failing test shows it.
public struct WaitTimedOut: Error, CustomStringConvertible {
    /// What the test waited for, in its words.
    public var what: String
    /// How long it waited.
    public var waited: Duration

    public var description: String { "timed out after \(waited) waiting for \(what)" }
}

/// Reads a value until `condition` holds for it and returns it; throws ``WaitTimedOut`` naming
/// `what` after `within`. Each read is followed by a 20 ms sleep, never a block: for a real
/// process (rolo in tmux) or another thread that answers in its own time.
@discardableResult
public func eventually<T>(_ what: String, within limit: Duration = processWaitBound, isolation: isolated (any Actor)? = #isolation,
                          _ read: () async throws -> T, until condition: (T) -> Bool) async throws -> T {
    let deadline = ContinuousClock.now + limit
    while true {
        let value = try await read()
        if condition(value) { return value }
        guard ContinuousClock.now < deadline else { throw WaitTimedOut(what: what, waited: limit) }
        try await Task.sleep(for: .milliseconds(20))
    }
}

/// Waits until `condition` holds, as ``eventually(_:within:isolation:_:until:)`` does.
public func eventually(_ what: String, within limit: Duration = processWaitBound, isolation: isolated (any Actor)? = #isolation,
                       _ condition: () async throws -> Bool) async throws {
    try await eventually(what, within: limit, condition, until: { $0 })
}
