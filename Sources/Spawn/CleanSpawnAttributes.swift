import Foundation

/// `posix_spawn` attributes that start a child in a clean signal state: no signal blocked and
/// every disposition at its default, whatever the spawning thread had. Swift's test runner and
/// dispatch threads block most signals and a child inherits the mask, so without these a child
/// ignores SIGTERM and SIGHUP. Destroyed with the value.
public final class CleanSpawnAttributes {
    /// The attributes, for `posix_spawn`'s `attrp`.
    public var attributes = posix_spawnattr_t()

    /// Clean attributes with `flags` set besides (0x80, POSIX_SPAWN_SETSID, which Swift's Glibc
    /// doesn't import, for a session of the child's own).
    public init(flags: Int32 = 0) {
        posix_spawnattr_init(&attributes)
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | flags))
    }

    deinit {
        posix_spawnattr_destroy(&attributes)
    }
}
