import DecoderFuzzing
import Foundation

#if ROLO_LIBFUZZER
/// The decoder this libFuzzer run drives, named by `ROLO_FUZZ_TARGET`.
private let target: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["ROLO_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget.named(name) else {
        FileHandle.standardError.write(Data("rolo-fuzz: set ROLO_FUZZ_TARGET to one of \(FuzzTarget.all.map(\.name))\n".utf8))
        exit(2)
    }
    return target
}()

/// libFuzzer's entry point: a crash, or a broken promise turned into one, makes libFuzzer save
/// the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if case .problem(let problem) = target.check(input) {
        FileHandle.standardError.write(Data("rolo-fuzz: \(target.name): \(problem)\n".utf8))
        abort()
    }
    return 0
}
#else
/// `make fuzz` where libFuzzer isn't available: the test suite's mutator, for as long as asked.
///
///     rolo-fuzz [--minutes M] [--target NAME] [--seed S] [--fixtures DIR] [--findings DIR]
///     rolo-fuzz --reproduce NAME SEED CASE [--fixtures DIR]
@main
struct RoloFuzz {
    static func main() throws {
        let options = Options(CommandLine.arguments.dropFirst())
        if let problem = options.problem {
            FileHandle.standardError.write(Data("rolo-fuzz: \(problem)\n".utf8))
            exit(2)
        }
        let fixtures = URL(fileURLWithPath: options.fixtures)
        if let (name, seed, index) = options.reproduce {
            guard let target = FuzzTarget.named(name) else { exit(2) }
            let campaign = FuzzCampaign(target: target, seeds: try target.seeds(fixtures: fixtures), seed: seed)
            let input = campaign.input(index)
            let path = "\(options.findings)/\(name)-\(seed)-\(index).bin"
            try FileManager.default.createDirectory(atPath: options.findings, withIntermediateDirectories: true)
            try Data(input).write(to: URL(fileURLWithPath: path))
            print("case \(index) of \(name) seed \(seed): \(input.count) bytes in \(path)")
            print(target.check(input))
            return
        }
        let targets = options.target.map { name in FuzzTarget.all.filter { $0.name == name } } ?? FuzzTarget.all
        let share = options.minutes * 60 / Double(max(targets.count, 1))
        let tracker = CaseTracker(path: options.findings + "/current-case")
        var problems = 0
        print("rolo-fuzz: \(targets.count) decoders, \(Int(share)) s each, seed \(options.seed)")
        for target in targets {
            let campaign = FuzzCampaign(target: target, seeds: try target.seeds(fixtures: fixtures), seed: options.seed)
            let report = campaign.run(cases: .max, until: Date().addingTimeInterval(share)) {
                tracker.note(target: target.name, seed: options.seed, index: $0)
            }
            print(report)
            for found in report.problems {
                problems += 1
                let path = "\(options.findings)/\(target.name)-\(options.seed)-\(found.index).bin"
                try Data(found.input).write(to: URL(fileURLWithPath: path))
                print("  case \(found.index): \(found.problem) (input in \(path))")
            }
        }
        tracker.clear()
        if problems > 0 { exit(1) }
    }
}

/// The command line.
private struct Options {
    var minutes = 1.0
    var target: String?
    var seed = UInt64(Date().timeIntervalSince1970)
    var fixtures = "Tests/RoloCoreTests/Fixtures"
    var findings = ".build/fuzz/findings"
    var reproduce: (String, UInt64, UInt64)?
    var problem: String?

    init<Arguments: Collection<String>>(_ arguments: Arguments) {
        var rest = Array(arguments)[...]
        while let option = rest.popFirst() {
            switch option {
            case "--minutes": minutes = rest.popFirst().flatMap(Double.init) ?? -1
            case "--target": target = rest.popFirst()
            case "--seed": seed = rest.popFirst().flatMap { UInt64($0) } ?? 0
            case "--fixtures": fixtures = rest.popFirst() ?? fixtures
            case "--findings": findings = rest.popFirst() ?? findings
            case "--reproduce":
                guard let name = rest.popFirst(), let seed = rest.popFirst().flatMap({ UInt64($0) }),
                      let index = rest.popFirst().flatMap({ UInt64($0) }) else {
                    problem = "--reproduce takes a target, a seed and a case number"
                    return
                }
                reproduce = (name, seed, index)
            default:
                problem = "unknown option \(option)"
                return
            }
        }
        if minutes < 0 { problem = "--minutes takes a number" }
        if let target, FuzzTarget.named(target) == nil {
            problem = "no target \(target); the targets are \(FuzzTarget.all.map(\.name).joined(separator: ", "))"
        }
    }
}

/// Keeps the case about to run in a file, so that when one crashes the process, its target,
/// seed and number are there for `--reproduce`.
private final class CaseTracker {
    private let path: String
    private let descriptor: Int32

    init(path: String) {
        self.path = path
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    }

    func note(target: String, seed: UInt64, index: UInt64) {
        let line = Array("--reproduce \(target) \(seed) \(index)\n".utf8)
        _ = line.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        _ = ftruncate(descriptor, off_t(line.count))
    }

    func clear() {
        close(descriptor)
        unlink(path)
    }
}
#endif
