/// What a dump says besides its records: notices (stored data used instead of the server, a
/// city missing) and progress while it waits. The command writes both on standard error,
/// progress only to a terminal.
public struct DumpReport: Sendable {
    /// One line worth a script's log: always shown.
    public var notice: @Sendable (String) -> Void
    /// What the dump is waiting for; nil when it waits no more.
    public var progress: @Sendable (String?) -> Void

    /// A report through these two.
    public init(notice: @escaping @Sendable (String) -> Void, progress: @escaping @Sendable (String?) -> Void) {
        self.notice = notice
        self.progress = progress
    }
}
