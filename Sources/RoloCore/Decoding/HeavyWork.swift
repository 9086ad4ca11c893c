import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Runs long synchronous work (decoding a 25 MB answer, sorting 200,000 people) on a Dispatch
/// thread rather than in Swift's concurrency pool, whose threads (one per core) the rest of rolo
/// needs: with both of a 2-core machine's taken by the directory's two decodes, even quitting
/// would wait for one to finish.
public enum HeavyWork {
    /// The value of `work`, computed on a Dispatch thread.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        largeBlocksMapped
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Hands the memory finished work freed back to the system (glibc's `malloc_trim`). Each
    /// work thread allocates from an arena of its own, and what one step freed in its arenas
    /// isn't reused by the next step's threads: untrimmed, loading 200,000 people leaves the
    /// resident size about 100 MB past what is live.
    public static func returnFreedMemory() {
        _ = libc("malloc_trim", as: (@convention(c) (Int) -> Int32).self)?(0)
    }

    /// The value of `work`, computed on a Dispatch thread.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        largeBlocksMapped
        return await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: work()) }
        }
    }

    /// The size from which glibc maps a block on its own, and unmaps it when it is freed.
    static let largeBlock: Int32 = 256 << 10

    /// Fixes glibc's threshold for mapping a block on its own at ``largeBlock``, before the
    /// first heavy work. glibc starts at 128 KB but raises the threshold to the size of any
    /// mapped block that is freed, up to 32 MB: once the first answer's body has gone, the
    /// lists made after it (arrays of 8–16 MB, the search text) would be carved from the arenas
    /// and stay resident when freed: 10–30 MB past what is live at 200,000 people.
    private static let largeBlocksMapped: Void = {
        _ = libc("mallopt", as: (@convention(c) (Int32, Int32) -> Int32).self)?(mmapThreshold, largeBlock)
    }()

    /// Fixes the threshold (``largeBlocksMapped``) for work that makes large blocks but doesn't
    /// run through ``run(_:)``: a stored list's search index read on the database's thread.
    static func mapLargeBlocks() {
        largeBlocksMapped
    }

    /// glibc's `M_MMAP_THRESHOLD` option of `mallopt`.
    private static let mmapThreshold: Int32 = -3

    /// A function of the C library, looked up at run time: neither is in the Glibc module's
    /// headers, and a C library without one is no error.
    private static func libc<Function>(_ name: String, as type: Function.Type) -> Function? {
        #if canImport(Glibc)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: type)
        #else
        return nil
        #endif
    }
}
