import Dispatch

/// Runs long synchronous work (decoding a 25 MB answer, sorting 200,000 people) on a Dispatch
/// thread rather than in Swift's concurrency pool, whose threads (one per core) the rest of rolo
/// needs: with both of a 2-core machine's taken by the directory's two decodes, even quitting
/// had to wait for one to finish.
public enum HeavyWork {
    /// The value of `work`, computed on a Dispatch thread.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// The value of `work`, computed on a Dispatch thread.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: work()) }
        }
    }
}
