// swift-tools-version: 6.1
import Foundation
import PackageDescription

/// The one place rolo's version is written: the VERSION file beside this manifest.
let version = (try? String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("VERSION"), encoding: .utf8))?
    .trimmingCharacters(in: .whitespacesAndNewlines) ?? "0.0.0-unknown"

let package = Package(
    name: "rolo",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "rolo", targets: ["rolo"]),
        .executable(name: "rolo-bench", targets: ["RoloBench"]),
        .executable(name: "rolo-pipedrive-bench", targets: ["PipedriveBench"]),
        .executable(name: "rolo-load-bench", targets: ["LoadBench"]),
        .executable(name: "rolo-http-bench", targets: ["HTTPBench"]),
        .executable(name: "rolo-fuzz", targets: ["RoloFuzz"]),
        .executable(name: "rolo-engine-bench", targets: ["RecordEngineBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // ncursesw through pkg-config; the shim defines NCURSES_WIDECHAR itself
        // because SwiftPM drops pkg-config's -D flags.
        .systemLibrary(
            name: "CNcursesw",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        // libcurl, loaded with dlopen by the first request instead of linked (it and its ~30
        // libraries cost 7 ms of every start); the shim gives its variadic setopt/getinfo typed
        // wrappers. The headers come from libcurl4-openssl-dev.
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl")]),
        // libjpeg-turbo and libpng, wrapped in C so that libjpeg's longjmp-based error handling
        // never crosses into Swift, and loaded with dlopen by the first picture, as libcurl is by
        // the first request. The headers come from libjpeg62-turbo-dev and libpng-dev.
        .target(name: "CImage", linkerSettings: [.linkedLibrary("dl")]),
        // rolo's version as a C string, defined from the VERSION file (swiftSettings can't
        // define a value, cSettings can).
        .target(name: "CVersion", cSettings: [.define("ROLO_VERSION", to: "\"\(version)\"")]),
        // glibc functions newer than the oldest glibc rolo supports, for what the release build
        // links in statically (libstdc++'s arc4random): see Sources/CGlibcCompat/arc4random.c.
        .target(name: "CGlibcCompat"),
        // Signal handlers and the crash-time terminal reset, which must be async-signal-safe C.
        .target(name: "CTerminal"),
        .target(
            name: "TerminalUI",
            dependencies: ["CNcursesw", "CTerminal"]
        ),
        .target(
            name: "RoloCore",
            dependencies: [
                "CImage", "CVersion", "CCurl", "Spawn",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "TOMLKit", package: "TOMLKit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            // The toolchain's ICU, which Foundation links already, for the directory's collation keys.
            linkerSettings: [.linkedLibrary("_FoundationICU")]
        ),
        .target(
            name: "RoloApp",
            dependencies: ["TerminalUI", "RoloCore", "Spawn"]
        ),
        .target(
            name: "StandIn",
            dependencies: [
                "CImage",
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "rolo",
            dependencies: [
                "RoloApp", "RoloCore", "StandIn", "TerminalUI", "CGlibcCompat",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Timing helpers shared by the benchmarks.
        .target(name: "BenchSupport"),
        // Child processes started with a clean signal state, for the tests, the benchmarks and
        // the command actions.
        .target(name: "Spawn"),
        // The decoders' fuzzer: mutations of the fixtures, run by the tests and `make fuzz`.
        .target(name: "DecoderFuzzing", dependencies: ["RoloCore"]),
        // `make fuzz`: libFuzzer's entry point when built with -DROLO_LIBFUZZER, else the mutator for N minutes.
        .executableTarget(name: "RoloFuzz", dependencies: ["DecoderFuzzing"]),
        // `make bench`: rolo's image decode + render against chafa's, for speed and fidelity.
        .executableTarget(
            name: "RoloBench",
            dependencies: ["RoloCore", "TerminalUI", "CImage", "BenchSupport", "Spawn"]
        ),
        // `make bench`: the pipedrive source at 100,000 persons: loading, launch, End, a filter.
        .executableTarget(
            name: "PipedriveBench",
            dependencies: ["RoloApp", "RoloCore", "StandIn", "TerminalUI", "BenchSupport", .product(name: "Logging", package: "swift-log")]
        ),
        // `make bench`: people, foods and the directory at 200,000 records: decode, first frame, End, search.
        .executableTarget(
            name: "LoadBench",
            dependencies: ["RoloApp", "RoloCore", "StandIn", "TerminalUI", "BenchSupport", .product(name: "Logging", package: "swift-log")]
        ),
        // A configured source's store at 100,000 records: insert, open, a search keystroke.
        .executableTarget(name: "RecordEngineBench", dependencies: ["RoloCore", "BenchSupport"]),
        // `make bench`: stand-in image loads per second through the HTTP client.
        .executableTarget(
            name: "HTTPBench",
            dependencies: ["RoloCore", "StandIn", .product(name: "Logging", package: "swift-log")]
        ),
        // The tests' one fake HTTP client, their waits and temporary directories.
        .target(name: "RoloTestSupport", dependencies: ["RoloCore"], path: "Tests/RoloTestSupport"),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "CTerminal", "RoloTestSupport"]),
        .testTarget(name: "RoloCoreTests", dependencies: ["RoloTestSupport", "RoloCore", "StandIn", "DecoderFuzzing"], resources: [.copy("Fixtures")]),
        .testTarget(name: "RoloAppTests", dependencies: ["RoloTestSupport", "RoloApp", "TerminalUI", "RoloCore", "StandIn"], exclude: ["Snapshots"]),
        .testTarget(name: "StandInTests", dependencies: ["RoloTestSupport", "StandIn", "RoloCore"]),
        .testTarget(name: "RoloCommandTests", dependencies: [
            "rolo", "RoloCore", "RoloApp", "TerminalUI", "RoloTestSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "EndToEndTests", dependencies: ["RoloTestSupport", "StandIn", "RoloCore", "RoloApp", "TerminalUI", "Spawn"]),
    ]
)
