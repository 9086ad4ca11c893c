import RoloCore

/// Runs one action on one record, once its inputs were asked and it was confirmed: the piece the
/// screen's single run and a bulk run over marked rows share.
///
/// Asking comes before and apart from running: ``refusal(of:for:)`` says whether the action may
/// run on the record at all (read-only, its `when`), ``describe(_:_:)`` is what a confirmation
/// shows, and ``run(_:_:)`` only sends (or starts the command). What to do with the outcome —
/// replace the row, fetch it again, drop it — is the source's (``ConfiguredActions``).
public struct ActionSession: Sendable {
    /// How the help, the menu and `rolo keys` mark an action that writes (any HTTP method but GET).
    public static let writeMark = "(writes)"

    /// Runs a `terminal` command with the terminal: the caller leaves the screen around it.
    public typealias TerminalRun = @MainActor @Sendable ([String]) async -> Result<CommandResult, ActionFailure>
    /// Runs an `output` or `background` command; tests pass a fake.
    public typealias CommandRun = @Sendable ([String], CommandMode) async -> Result<CommandResult, ActionFailure>

    /// Sends the HTTP actions, with the source's headers and the retry rules.
    public let runner: ActionRunner
    let runCommand: CommandRun

    /// A session sending through `runner`, commands started by ``CommandRunner``.
    public init(runner: ActionRunner, runCommand: @escaping CommandRun = ActionSession.spawn) {
        self.runner = runner
        self.runCommand = runCommand
    }

    /// Starts `argv` with no shell and a clean signal state; its output kept unless in the terminal.
    public static let spawn: CommandRun = { argv, mode in
        do throws(ActionFailure) {
            return .success(try await CommandRunner.run(argv, mode: mode))
        } catch {
            return .failure(error)
        }
    }

    /// Why `action` may not run on `record`: read-only mode and a write, or its `when`; nil when
    /// it may. Asked before the inputs, so nobody fills a form for nothing.
    public func refusal(of action: RecordAction, for record: JSONValue) -> ActionFailure? {
        runner.refusal(of: action, for: record)
    }

    /// The request (or command) `action` makes for `values`, in one line for a confirmation:
    /// `PATCH https://…/tickets/7 {"status":"closed"}`, secrets kept out; or why it can't be made.
    public func describe(_ action: RecordAction, _ values: ActionValues) -> Result<String, ActionFailure> {
        do {
            try ActionRunner.checkInputs(action, values)
            return .success(try runner.describe(action, values))
        } catch {
            return .failure(error)
        }
    }

    /// Runs `action` for `values`: sends the request, or starts the command (a `terminal` one
    /// through `inTerminal`). A refusal, a missing value or a failed request is the failure.
    public func run(_ action: RecordAction, _ values: ActionValues, inTerminal: TerminalRun? = nil) async -> Result<ActionOutcome, ActionFailure> {
        switch action.effect {
        case .http:
            do {
                return .success(try await runner.run(action, values))
            } catch {
                return .failure(error)
            }
        case .command(let command):
            let argv: [String]
            do {
                try ActionRunner.checkInputs(action, values)
                argv = try CommandRunner.argv(command, values)
            } catch {
                return .failure(error)
            }
            let result: Result<CommandResult, ActionFailure>
            if command.mode == .terminal {
                guard let inTerminal else { return .failure(ActionFailure(.command, "'\(action.name)' needs the terminal, and there is none here")) }
                result = await inTerminal(argv)
            } else {
                result = await runCommand(argv, command.mode)
            }
            return result.map(ActionOutcome.ran)
        case .setTitle:
            return .failure(ActionFailure(.usage, "'\(action.name)' sets the list's title, which only the source on screen does"))
        }
    }
}
