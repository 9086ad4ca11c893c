import Dispatch
#if canImport(Glibc)
import Glibc
#endif

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

    /// Hands the memory finished work freed back to the system (glibc's `malloc_trim`). Each
    /// work thread allocates from an arena of its own, and what one step freed in its arenas
    /// wasn't reused by the next step's threads: loading 200,000 people, the resident size only
    /// grew, about 100 MB past what was live.
    public static func returnFreedMemory() {
        #if canImport(Glibc)
        // Not in the Glibc module's headers; looked up, so a C library without it is no error.
        guard let trim = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0)
        #endif
    }

    /// The value of `work`, computed on a Dispatch thread.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: work()) }
        }
    }
}
