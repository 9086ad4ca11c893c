import DecoderFuzzing
import Foundation
import Testing

/// Every decoder of what servers and address books send, fed a few thousand inputs mutated from
/// the fixtures: no crash, and a value or an error a user can read. The seed is fixed, so a
/// failure names a case that `rolo-fuzz --reproduce` makes again; `make fuzz` runs for longer.
/// Serialized: one decoder at a time leaves the other core to tests that time themselves.
@Suite("Decoders under fuzz", .serialized)
struct DecoderFuzzTests {
    static let seed: UInt64 = 13
    static let cases: UInt64 = 2_000

    @Test("No crash, and a value or a clear error, for mutated inputs", arguments: FuzzTarget.all.map(\.name))
    func fuzz(_ name: String) throws {
        let target = try #require(FuzzTarget.named(name))
        let seeds = try target.seeds(fixtures: try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil)))
        #expect(seeds.count >= 2, "the fuzzer needs the fixtures as seeds")
        let report = FuzzCampaign(target: target, seeds: seeds, seed: Self.seed).run(cases: Self.cases)
        for found in report.problems {
            Issue.record("\(found.problem) — make it again with rolo-fuzz --reproduce \(name) \(Self.seed) \(found.index)")
        }
        #expect(report.cases == Self.cases)
        // A fuzzer whose inputs all fail, or all pass, explores one path only.
        #expect(report.values > Self.cases / 100, "\(report)")
        if name != "vcard" { #expect(report.errors > Self.cases / 100, "\(report)") }
    }

    @Test("The same seed makes the same inputs; other cases make other inputs")
    func deterministic() throws {
        let target = try #require(FuzzTarget.named("foods"))
        let seeds = try target.seeds(fixtures: try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil)))
        let first = FuzzCampaign(target: target, seeds: seeds, seed: 7), again = FuzzCampaign(target: target, seeds: seeds, seed: 7)
        let inputs = (0..<200).map { first.input(UInt64($0)) }
        #expect(inputs == (0..<200).map { again.input(UInt64($0)) })
        #expect(Set(inputs).count > 150)
        #expect(inputs != (0..<200).map { FuzzCampaign(target: target, seeds: seeds, seed: 8).input(UInt64($0)) })
    }

    @Test("A decoder that lets control characters through, or throws an unexplained error, is caught")
    func catchesBrokenPromises() {
        struct Decoded { let names: [String] }
        let leaky = FuzzTarget(name: "leaky", fixtureFolder: "", isSeed: { _ in true }, madeSeeds: { [] }) { _ in
            Decoded(names: ["Ann", "\u{1b}[2JBob"])
        }
        #expect(leaky.check([]) != .value)
        let vague = FuzzTarget(name: "vague", fixtureFolder: "", isSeed: { _ in true }, madeSeeds: { [] }) { _ in
            throw CocoaError(.coderReadCorrupt)
        }
        #expect(vague.check([]) != .error)
        let sound = FuzzTarget(name: "sound", fixtureFolder: "", isSeed: { _ in true }, madeSeeds: { [] }) { _ in
            Decoded(names: ["Ann", "Bob\nline"])
        }
        #expect(sound.check([]) == .value)
        #expect(FuzzOutcome.judge(message: "The foods server sent data rolo can't read — r to retry") == .error)
        #expect(FuzzOutcome.judge(message: "Pipedrive says: \u{1b}]52;c;eA==\u{7}") != .error)
        #expect(FuzzOutcome.judge(message: " ") != .error)
    }
}
