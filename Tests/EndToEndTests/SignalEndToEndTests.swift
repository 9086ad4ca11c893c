import Foundation
import Logging
import RoloCore
import Spawn
import StandIn
import Testing

/// Every mode × every signal, and the terminal taken away under each overlay: rolo ends and puts
/// the terminal back, whatever is on screen. A signal is not a key; no overlay may take it for
/// "close" and leave rolo running with nobody at the terminal.
extension EndToEnd {
    @Suite("signals and a lost terminal end rolo from every mode", .serialized, .temporaryDirectories)
    struct SignalEndToEndTests {
        /// Where a person can be when the signal comes, and the keys that take them there.
        enum Mode: String, CaseIterable, Sendable {
            case list, detail, search, help, copyMenu, card

            /// Presses the keys that open this mode, and waits until the screen shows it.
            func enter(_ tmux: TmuxSession) async throws {
                switch self {
                case .list:
                    break
                case .detail:
                    try tmux.send("Enter")
                    try await tmux.waitFor("the detail focused") { $0.contains("back") && !$0.contains(" open") }
                case .search:
                    try tmux.send("/")
                    try tmux.send("-l", "ta")
                    try await tmux.waitFor("the search field") { $0.contains("/ ta") }
                case .help:
                    try tmux.send("?")
                    try await tmux.waitFor("the help") { $0.contains("rolo keys") }
                case .copyMenu:
                    try tmux.send("Y")
                    try await tmux.waitFor("the copy menu") { $0.contains("copies ·") }
                case .card:
                    try tmux.send("/")
                    try tmux.send("-l", "Mari-Liis")
                    try tmux.send("Enter")
                    try await tmux.waitFor("Mari-Liis selected with her card button") { $0.contains("Contact card (c)") }
                    try tmux.send("c")
                    try await tmux.waitFor("the contact card") { $0.contains("Esc closes") && $0.contains("Tamm") }
                }
            }
        }

        /// A signal from outside (`kill`), or Ctrl-C typed, which the terminal turns into SIGINT.
        enum Ending: String, CaseIterable, Sendable {
            case term, hup, int, typedControlC
        }

        private static func start() async throws -> StandInServer {
            var options = StandInOptions()
            options.directoryFixedMinute = 7
            return try await StandInServer.start(options, logger: Logger(label: "test.stand-in"))
        }

        /// A folder with the demo address book (Mari-Liis Tamm has a card), for --contacts and --data-dir.
        private static func workspace() throws -> URL {
            let root = try TemporaryDirectory.scoped("rolo-signal-e2e")
            try Data(DirectoryContacts.sampleVCard.utf8).write(to: root.appendingPathComponent("contacts.vcf"))
            return root
        }

        private static func command(_ server: StandInServer, _ root: URL) -> String {
            let base = server.baseURL.absoluteString
            return "\(RoloBinary.path) directory --directory-url \(base)/directory/tallinn/employee_list "
                + "--directory-url \(base)/directory/tartu/employee_list --contacts \(root.path)/contacts.vcf "
                + "--data-dir \(root.path)/data --images off"
        }

        /// Runs `body` with a stand-in, a workspace and a tmux session, and removes them after.
        private static func withSession(_ body: (StandInServer, URL, TmuxSession) async throws -> Void) async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let server = try await start()
            defer { Task { await server.stop() } }
            let root = try workspace()
            try await body(server, root, try await TmuxSession(width: 120, height: 34, term: "xterm-256color"))
        }

        @Test("SIGTERM, SIGHUP, SIGINT and Ctrl-C end rolo and restore the terminal", arguments: Mode.allCases)
        func everySignal(mode: Mode) async throws {
            try await Self.withSession { server, root, tmux in
                for (run, ending) in Ending.allCases.enumerated() {
                    try tmux.run("clear; stty -g > stty.before; \(Self.command(server, root)); echo ENDED-\(run)=$?")
                    try await tmux.waitFor("the grouped list") { $0.contains(" Android ") && $0.contains(" people") }
                    try await mode.enter(tmux)
                    let pid = try #require(try tmux.childPID(), "rolo's pid")
                    switch ending {
                    case .term: kill(pid, SIGTERM)
                    case .hup: kill(pid, SIGHUP)
                    case .int: kill(pid, SIGINT)
                    case .typedControlC: try tmux.send("C-c")
                    }
                    let screen = try await tmux.waitFor("rolo to end on \(ending) in \(mode)", timeout: 30) { $0.contains("ENDED-\(run)=") }
                    #expect(!screen.contains("rolo keys") && !screen.contains("Esc closes"), "rolo's screen is gone after \(ending) in \(mode)")
                    #expect(ProcessTable.waitUntilGone([pid], timeout: 10).isEmpty)
                    try tmux.run("stty -g | cmp -s - stty.before && echo TERMINAL-SAME-\(run)")
                    try await tmux.waitFor("the terminal as before \(ending) in \(mode)") { $0.contains("TERMINAL-SAME-\(run)") }
                }
            }
        }

        @Test("The terminal taken away (the pane killed, as when ssh drops) ends rolo under every overlay",
              arguments: [Mode.help, .copyMenu, .card, .search])
        func terminalGone(mode: Mode) async throws {
            try await Self.withSession { server, root, tmux in
                // rolo alone in a second window, so killing its pane closes its terminal while the
                // session (and the test's hold on it) stays.
                let pane = try tmux.command("new-window", "-P", "-F", "#{pane_id} #{pane_pid}",
                                            "exec env TERM=xterm-256color LANG=C.UTF-8 HOME=\(root.path) ROLO_IDLE_FILE=\(tmux.idleFile) "
                                            + Self.command(server, root))
                    .split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                let paneID = try #require(pane.first)
                let panePID = try #require(pane.last.flatMap { pid_t($0) })
                try await tmux.waitFor("the grouped list") { $0.contains(" Android ") && $0.contains(" people") }
                try await mode.enter(tmux)
                let rolo = try #require(([panePID] + ProcessTable.descendants(of: panePID)).first {
                    ProcessTable.commandLine(of: $0).contains("directory")
                }, "rolo's pid")
                try tmux.command("kill-pane", "-t", paneID)
                let survivors = ProcessTable.waitUntilGone([rolo], timeout: 10)
                #expect(survivors.isEmpty, "rolo still runs with its terminal gone under \(mode)")
            }
        }
    }
}
