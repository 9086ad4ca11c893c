import Foundation

/// Runs one target's decoder over mutated inputs: a fixed number of cases in the test suite, or
/// until a deadline in `make fuzz`.
public struct FuzzCampaign: Sendable {
    /// The decoder under fuzz.
    public let target: FuzzTarget
    /// The run's seed: the same seed makes the same inputs.
    public let seed: UInt64
    private let mutator: Mutator

    /// A campaign over `target` starting from `seeds` (the fixtures, and the target's own).
    public init(target: FuzzTarget, seeds: [[UInt8]], seed: UInt64) {
        self.target = target
        self.seed = seed
        mutator = Mutator(seeds: seeds)
    }

    /// Input `index` of this run, to reproduce a finding.
    public func input(_ index: UInt64) -> [UInt8] {
        mutator.input(seed: seed, index: index)
    }

    /// Runs cases `0..<cases`, or fewer when `deadline` passes first; `beforeCase` is told each
    /// case's index first (so a crash can be traced to its input).
    public func run(cases: UInt64, until deadline: Date = .distantFuture,
                    beforeCase: (UInt64) -> Void = { _ in }) -> FuzzReport {
        var report = FuzzReport(target: target.name, seed: seed)
        var index: UInt64 = 0
        while index < cases, index % 64 != 0 || Date() < deadline {
            beforeCase(index)
            let input = input(index)
            let start = ContinuousClock.now
            let outcome = target.check(input)
            report.record(outcome, case: index, input: input, took: ContinuousClock.now - start)
            index += 1
        }
        return report
    }
}

/// What a campaign saw.
public struct FuzzReport: Sendable, CustomStringConvertible {
    /// The target's name.
    public let target: String
    /// The run's seed.
    public let seed: UInt64
    /// Cases run.
    public private(set) var cases: UInt64 = 0
    /// Inputs the decoder turned into a value.
    public private(set) var values: UInt64 = 0
    /// Inputs it refused with a clear message.
    public private(set) var errors: UInt64 = 0
    /// Broken promises, with the case that showed each (the first 20).
    public private(set) var problems: [(index: UInt64, problem: String, input: [UInt8])] = []
    /// The slowest case and how long it took.
    public private(set) var slowest: (index: UInt64, duration: Duration) = (0, .zero)

    mutating func record(_ outcome: FuzzOutcome, case index: UInt64, input: [UInt8], took duration: Duration) {
        cases += 1
        switch outcome {
        case .value: values += 1
        case .error: errors += 1
        case .problem(let problem): if problems.count < 20 { problems.append((index, problem, input)) }
        }
        if duration > slowest.duration { slowest = (index, duration) }
    }

    /// One line: the counts and the slowest case.
    public var description: String {
        let slowestMS = Double(slowest.duration.components.attoseconds) / 1e15 + Double(slowest.duration.components.seconds) * 1000
        return "\(target): \(cases) cases (seed \(seed)): \(values) values, \(errors) clear errors, \(problems.count) problems; "
            + "slowest case \(slowest.index) took \(String(format: "%.1f", slowestMS)) ms"
    }
}
