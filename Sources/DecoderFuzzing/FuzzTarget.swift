import Foundation
import RoloCore

/// One decoder under fuzz: where its seeds come from and how it is called.
///
/// Each `decode` is the one line that calls the decoder's public entry point: when a decoder's
/// signature changes, that line is the only one to change. Its value is returned as `Any` and
/// only inspected for text, so a new return type needs no change at all.
public struct FuzzTarget: Sendable {
    /// The name used by `rolo-fuzz --target` and in test names.
    public let name: String
    /// The folders of the test fixtures its seeds are read from (`make fuzz` gives libFuzzer
    /// each as a corpus).
    public let fixtureFolders: [String]
    /// Which fixture files are seeds (by name).
    let isSeed: @Sendable (String) -> Bool
    /// Seeds made in code, beside the fixtures.
    let madeSeeds: @Sendable () -> [[UInt8]]
    /// Calls the decoder.
    let decode: @Sendable (Data) throws -> Any

    /// A target calling `decode`, seeded from the fixtures in `fixtureFolder` that `isSeed`
    /// accepts and from `madeSeeds`.
    public init(name: String, fixtureFolder: String, isSeed: @escaping @Sendable (String) -> Bool,
                madeSeeds: @escaping @Sendable () -> [[UInt8]], decode: @escaping @Sendable (Data) throws -> Any) {
        self.init(name: name, fixtureFolders: [fixtureFolder], isSeed: isSeed, madeSeeds: madeSeeds, decode: decode)
    }

    /// A target calling `decode`, seeded from the fixtures in `fixtureFolders` that `isSeed`
    /// accepts and from `madeSeeds`.
    public init(name: String, fixtureFolders: [String], isSeed: @escaping @Sendable (String) -> Bool,
                madeSeeds: @escaping @Sendable () -> [[UInt8]] = { [] }, decode: @escaping @Sendable (Data) throws -> Any) {
        self.name = name
        self.fixtureFolders = fixtureFolders
        self.isSeed = isSeed
        self.madeSeeds = madeSeeds
        self.decode = decode
    }

    /// Every decoder rolo has for what servers and address books send, and the record engine's
    /// readers (``EngineTargets``).
    public static let all: [FuzzTarget] = decoders + EngineTargets.all

    /// The built-in sources' decoders, Pipedrive's page, vCards and images.
    static let decoders: [FuzzTarget] = [
        json("people-list", "people") { try PeopleDecoder.decodeEmployees($0) },
        json("people-detail", "people") { try PeopleDecoder.decodeEmployee($0) },
        json("people-health", "people") { try PeopleDecoder.decodeHealth($0) },
        json("directory", "directory") { try DirectoryDecoder.decodeEmployees($0) },
        json("foods", "foods") { try FoodsDecoder.decodeFoods($0) },
        json("randomuser", "randomuser") { try RandomUserDecoder.decodePage($0) },
        json("pipedrive-v1", "pipedrive", only: "v1") { try pipedrivePersons($0, api: .v1) },
        json("pipedrive-v2", "pipedrive", only: "v2") { try pipedrivePersons($0, api: .v2) },
        FuzzTarget(name: "vcard", fixtureFolder: "vcard", isSeed: { $0.hasSuffix(".vcf") }, madeSeeds: { [] }) {
            VCardParser.parse($0)
        },
        FuzzTarget(name: "image", fixtureFolder: "people", isSeed: { $0.hasSuffix(".jpg") }, madeSeeds: ImageSeeds.make) {
            // A smaller pixel limit than the app's 40 million keeps each case fast; the refusal
            // path is the same.
            try ImageDecoder.decode($0, fitting: (64, 64), maxPixels: 4_000_000)
        },
    ]

    /// The persons of a Pipedrive page as the app reads them: the engine's page of the shipped
    /// definition (refusals in Pipedrive's words), each record read as a person. A record that
    /// isn't one is left out, as the list leaves it out. The page's raw JSON isn't returned: it
    /// is stored as sent, and only what is read from it reaches the screen.
    private static func pipedrivePersons(_ body: Data, api: PipedriveAPIVersion) throws -> [PipedrivePerson] {
        guard let source = pipedriveSources[api] else { throw ConfigError("no Pipedrive definition for API \(api.rawValue)") }
        let url = URL(string: source.url) ?? URL(fileURLWithPath: "/")
        let response = HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: body, url: url)
        let page = try RecordPager.page(in: response, of: source, at: .start(source.paging), refusal: PipedriveAccount.refusal)
        return page.records.compactMap { PipedriveAccount.person($0, lookups: .none) }
    }

    /// The shipped definition of each API version, read once rather than for every input.
    private static let pipedriveSources: [PipedriveAPIVersion: RecordSource] = Dictionary(
        uniqueKeysWithValues: PipedriveAPIVersion.allCases.compactMap { api in
            (try? PipedriveDefinition.source(companyURL: "https://acme.pipedrive.com", api: api)).map { (api, $0) }
        })

    /// The target named `name`.
    public static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }

    /// A JSON API's decoder: every fixture of its folder (JSON and the HTML pages servers send
    /// instead) is a seed, or those whose name starts with `only` and the API's refusals.
    private static func json(_ name: String, _ folder: String, only prefix: String? = nil,
                             _ decode: @escaping @Sendable (Data) throws -> Any) -> FuzzTarget {
        FuzzTarget(name: name, fixtureFolder: folder, isSeed: { file in
            guard file.hasSuffix(".json") || file.hasSuffix(".html") else { return false }
            guard let prefix else { return true }
            return file.hasPrefix(prefix) || !(file.hasPrefix("v1") || file.hasPrefix("v2"))
        }, madeSeeds: { [] }, decode: decode)
    }

    /// The seeds for this target from the fixtures under `root` (…/Fixtures), folder by folder
    /// in name order.
    public func seeds(fixtures root: URL) throws -> [[UInt8]] {
        try fixtureFolders.flatMap { name in
            let folder = root.appendingPathComponent(name)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter(isSeed).sorted()
            return try files.map { [UInt8](try Data(contentsOf: folder.appendingPathComponent($0))) }
        } + madeSeeds()
    }

    /// Runs the decoder on `input` and judges what came back.
    public func check(_ input: [UInt8]) -> FuzzOutcome {
        do {
            let value = try decode(Data(input))
            if let found = UnsafeText.find(in: value) {
                return .problem("a decoded value holds text a terminal would act on at \(found.path): \(found.text.debugDescription.prefix(80))")
            }
            return .value
        } catch let problem as FuzzProblem {
            return .problem(problem.description)
        } catch is FuzzRefused {
            return .error
        } catch let error as FetchError {
            return FuzzOutcome.judge(message: error.message)
        } catch let error as ImageDecodeError {
            return FuzzOutcome.judge(message: error.reason)
        } catch {
            return .problem("an error rolo can't explain to the user: \(String(describing: error).prefix(200))")
        }
    }
}
