import Foundation
import Logging
import RoloCore

/// One `rolo act` run once its record is found: the `when`, the inputs and the confirmation
/// checked, the action done, its outcome printed and kept in the store.
struct ActRun {
    let source: RecordSource
    let action: RecordAction
    let record: JSONRecord
    let values: ActionValues
    let runner: ActionRunner
    let finder: RecordFinder
    let store: RecordStore?
    /// `--yes`.
    let confirmed: Bool
    let logger: Logger

    /// "close on 7 of tickets".
    private var what: String { "\(action.name) on \(record.id) of \(source.name)" }

    func run() async throws {
        if let refused = runner.refusal(of: action, for: record.value) { throw Act.Stop(status: 2, message: refused.message) }
        let request: String
        do {
            request = try runner.describe(action, values)
            if case .http = action.effect { try ActionRunner.checkInputs(action, values) }
        } catch {
            throw Act.Stop(status: 2, message: "\(what): \(error.message)")
        }
        if action.confirm, !confirmed { try confirm(request) }
        logger.info("act: \(what): \(request)")
        switch action.effect {
        case .http: try await send()
        case .command(let command): try await runCommand(command)
        case .setTitle: throw Act.Stop(status: 2, message: "\(what): it sets the list's title on rolo's screen, which rolo act has none of")
        }
    }

    /// Asks on the terminal; refuses when there is none to ask on.
    private func confirm(_ request: String) throws {
        guard isatty(STDIN_FILENO) == 1 else {
            throw Act.Stop(
                status: 2, message: "\(action.name) asks for confirmation (confirm = true) and there is no terminal to ask on — add --yes to run it")
        }
        let label = source.label.render(record.value)
        let question = "\(action.title) — \(label.isEmpty ? record.id : label)?\n  \(request)\nSend it? [y/N] "
        FileHandle.standardError.write(Data(question.sanitizedMultiline.utf8))
        let answer = readLine()?.trimmingWhitespace.lowercased() ?? ""
        guard answer == "y" || answer == "yes" else { throw Act.Stop(status: 2, message: "\(what): not sent (not confirmed)") }
    }

    private func send() async throws {
        let outcome: ActionOutcome
        do {
            outcome = try await runner.run(action, values)
        } catch {
            logger.warning("act: \(what) failed: \(error.message)")
            throw Act.Stop(status: error.kind == .request ? 1 : 2, message: "\(what): \(error.message)")
        }
        switch outcome {
        case .updated(let value):
            try await keep(value)
            Act.say("\(what): done; the server's answer is the record")
        case .refetch:
            let fresh: JSONRecord?
            do {
                fresh = try await finder.find(record.id, fresh: true)?.record
            } catch {
                throw Act.Stop(status: 1, message: "\(what): done, but the record can't be fetched again: \(error)")
            }
            if let fresh {
                try await keep(fresh.value)
                Act.say("\(what): done; the record fetched again")
            } else {
                try await drop()
                Act.say("\(what): done; the list no longer has the record")
            }
        case .removed:
            try await drop()
            Act.say("\(what): done; the record removed")
        case .ran:
            break
        }
    }

    /// Prints the record after and keeps it in the store.
    private func keep(_ value: JSONValue) async throws {
        print(value.jsonText)
        do {
            try await store?.replace(id: record.id, with: value)
        } catch {
            logger.error("act: the stored \(source.name) record \(record.id) wasn't updated: \(error)")
        }
    }

    private func drop() async throws {
        do {
            try await store?.remove(id: record.id)
        } catch {
            logger.error("act: the stored \(source.name) record \(record.id) wasn't removed: \(error)")
        }
    }

    private func runCommand(_ command: CommandAction) async throws {
        let result: CommandResult
        do {
            result = try await CommandRunner.run(try CommandRunner.argv(command, values), mode: command.mode)
        } catch {
            throw Act.Stop(status: error.kind == .usage ? 2 : 1, message: "\(what): \(error.message)")
        }
        FileHandle.standardOutput.write(Data(result.output.utf8))
        guard result.status == 0 else { throw Act.Stop(status: 1, message: "\(what): the command exited with status \(result.status)") }
    }
}
