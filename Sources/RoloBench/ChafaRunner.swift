import Foundation
import Spawn

/// Runs the chafa command-line tool and captures what it prints.
///
/// It spawns chafa with `posix_spawn` (through ``ChildProcess``) rather than Foundation's
/// `Process`, which on Linux spends tens of milliseconds of its own per launch and would make
/// chafa look slower than it is.
struct ChafaRunner {
    /// The chafa executable.
    let path: String

    /// Why a run failed.
    struct Failure: Error, CustomStringConvertible {
        /// What happened.
        let description: String
    }

    /// chafa from PATH, or nil when it isn't installed.
    static func find() -> ChafaRunner? {
        executable("chafa").map(ChafaRunner.init(path:))
    }

    /// The program `name` from PATH, or nil when it isn't installed.
    static func executable(_ name: String) -> String? {
        ChildProcess.find(name, path: ProcessInfo.processInfo.environment["PATH"])
    }

    /// chafa's standard output for `arguments`; throws when it can't start or exits with a failure.
    func run(_ arguments: [String]) throws -> String {
        let child = try ChildProcess(path, arguments, output: .pipe)
        let output = child.readOutput()
        child.wait()
        guard child.exitStatus == 0 else { throw Failure(description: "chafa \(arguments) exited with status \(child.wait())") }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether this chafa accepts `option` (it lists it in `--help`).
    func supports(_ option: String) -> Bool {
        (try? run(["--help"]).contains(option)) ?? false
    }
}
