// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "EventLedger",
    products: [
        .library(name: "EventLedger", targets: ["EventLedger"]),
        .library(name: "EventLedgerFoundation", targets: ["EventLedgerFoundation"]),
        .library(name: "EventLedgerPostgreSQL", targets: ["EventLedgerPostgreSQL"]),
        .library(name: "Music", targets: ["Music"]),
        .library(name: "Animals", targets: ["Animals"]),
        .library(name: "Favorites", targets: ["Favorites"]),
        // The domain contract, for a domain's own tests: DocC's "Writing a domain" shows it run.
        .library(name: "LedgerDomainContract", targets: ["LedgerDomainContract"]),
        .library(name: "LedgerCLI", targets: ["LedgerCLI"]),
        .executable(name: "ledger", targets: ["ledger"]),
    ],
    // How executables link LMDB and libcrypto; one of the two must be enabled. tools/build-release
    // builds the release `ledger` with StaticCLibraries (and a static Swift runtime).
    traits: [
        .trait(name: "SharedCLibraries", description: "Link the shared liblmdb and libcrypto (default)."),
        .trait(
            name: "StaticCLibraries",
            description: "Link liblmdb.a and libcrypto.a instead: a process then starts without "
                + "loading and relocating them or running libcrypto's initializers."),
        .default(enabledTraits: ["SharedCLibraries"]),
    ],
    targets: [
        .systemLibrary(name: "CLMDB", providers: [.apt(["liblmdb-dev"])]),
        .systemLibrary(name: "CCrypto", providers: [.apt(["libssl-dev"])]),
        // The C library's allocator settings (mallopt): header only.
        .systemLibrary(name: "CMalloc"),
        // libpq, PostgreSQL's client library, for a PostgreSQL primary: its header only;
        // EventLedgerPostgreSQL loads libpq.so.5 when a primary is first used.
        .systemLibrary(name: "CLibPQ", providers: [.apt(["libpq-dev"])]),
        .target(
            name: "EventLedger",
            dependencies: ["CLMDB", "CCrypto", "CMalloc"],
            // `-l:FILE` makes the linker take that very file: the archive, not the shared library.
            linkerSettings: [
                .linkedLibrary(":liblmdb.a", .when(traits: ["StaticCLibraries"])),
                .linkedLibrary(":libcrypto.a", .when(traits: ["StaticCLibraries"])),
                .linkedLibrary("lmdb", .when(traits: ["SharedCLibraries"])),
                .linkedLibrary("crypto", .when(traits: ["SharedCLibraries"])),
            ]
        ),
        // What EventLedger offers Foundation users (Date); the engine itself does not import Foundation.
        .target(name: "EventLedgerFoundation", dependencies: ["EventLedger"]),
        // A PostgreSQL database as the primary of replicas; an app without a primary does not
        // depend on it.
        .target(name: "EventLedgerPostgreSQL", dependencies: ["EventLedger", "CLibPQ"]),
        .target(name: "Music", dependencies: ["EventLedger"]),
        .target(name: "Animals", dependencies: ["EventLedger"]),
        .target(name: "Favorites", dependencies: ["EventLedger"]),
        .target(name: "LedgerCLI", dependencies: ["EventLedger", "EventLedgerPostgreSQL"]),
        .executableTarget(name: "ledger", dependencies: ["LedgerCLI", "Music", "Animals", "Favorites"]),
        .target(name: "LedgerWorkload", dependencies: ["EventLedger", "Music", "Animals", "Favorites"]),
        .executableTarget(
            name: "ledger-bench", dependencies: ["LedgerWorkload", "EventLedger", "EventLedgerPostgreSQL", "Music"],
            path: "Sources/LedgerBench"),
        // The domain contract: a domain's story (commits, refused appends, expected answers) held to
        // what every domain keeps (refusals, the same answers in memory, time travel, rebuild,
        // interchange, undo), with the helpers it uses; a product, for domains of other packages.
        .target(name: "LedgerDomainContract", dependencies: ["EventLedger"], path: "Tests/LedgerDomainContract"),
        // What the tests share: the domain contract, the notes domain of the engine's tests, undo checks.
        .target(name: "LedgerTestSupport", dependencies: ["EventLedger", "LedgerDomainContract"], path: "Tests/LedgerTestSupport"),
        // What the end-to-end tests share: sandboxes running the built `ledger`, processes driven,
        // killed or run side by side, expectations on their output, the test primary.
        .target(
            name: "LedgerCLITestSupport", dependencies: ["EventLedger", "LedgerWorkload"],
            path: "Tests/LedgerCLITestSupport"),
        .testTarget(name: "EventLedgerTests", dependencies: ["EventLedger", "LedgerTestSupport"]),
        .testTarget(name: "LedgerDomainContractTests", dependencies: ["LedgerDomainContract", "EventLedger", "LedgerTestSupport"]),
        .testTarget(name: "EventLedgerFoundationTests", dependencies: ["EventLedgerFoundation", "EventLedger"]),
        .testTarget(
            name: "EventLedgerPostgreSQLTests",
            dependencies: [
                "EventLedgerPostgreSQL", "EventLedger", "Music", "Animals", "Favorites", "LedgerWorkload", "LedgerTestSupport",
                "LedgerCLITestSupport",
            ]),
        .testTarget(name: "MusicTests", dependencies: ["Music", "EventLedger", "LedgerDomainContract", "LedgerTestSupport"]),
        // The snippets of the DocC articles (Sources/EventLedger/EventLedger.docc), run and checked.
        .testTarget(name: "DocumentationTests", dependencies: ["Music", "EventLedger", "LedgerTestSupport"]),
        .testTarget(name: "AnimalsTests", dependencies: ["Animals", "EventLedger", "LedgerDomainContract", "LedgerTestSupport"]),
        .testTarget(name: "FavoritesTests", dependencies: ["Favorites", "EventLedger", "LedgerDomainContract", "LedgerTestSupport"]),
        .testTarget(
            name: "LedgerWorkloadTests",
            dependencies: ["LedgerWorkload", "EventLedger", "Music", "Animals", "Favorites", "LedgerTestSupport"]),
        // The end-to-end tests, by how tools/test runs them: LedgerCLITests with the unit tests;
        // LedgerTimedTests (tests that must finish within a minute and need the test pool) first
        // and alone; LedgerProcessTests (several processes at once under a time limit) among
        // themselves; LedgerCrashTests (crashes and soaks, minutes each) last.
        .testTarget(
            name: "LedgerCLITests",
            dependencies: ["LedgerCLI", "LedgerCLITestSupport", "EventLedger", "Music", "Animals", "Favorites"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "LedgerTimedTests",
            dependencies: ["EventLedger", "EventLedgerPostgreSQL", "LedgerTestSupport", "LedgerCLITestSupport", "Music", "Animals", "Favorites"]),
        .testTarget(name: "LedgerProcessTests", dependencies: ["LedgerCLITestSupport"]),
        .testTarget(
            name: "LedgerCrashTests",
            dependencies: ["EventLedger", "EventLedgerPostgreSQL", "Music", "Animals", "Favorites", "LedgerWorkload", "LedgerCLITestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// The fuzz target of the decoders (JSON, envelopes, payloads, batch and import files, binary
// records). `tools/fuzz` builds it with libFuzzer (`-sanitize=fuzzer -D LEDGER_FUZZER`, in a
// scratch path of its own); built normally it is a driver replaying files: `ledger-fuzz fuzz/corpus`.
package.targets.append(
    .executableTarget(
        name: "ledger-fuzz", dependencies: ["EventLedger", "LedgerCLI", "Music", "Animals", "Favorites"],
        path: "Sources/LedgerFuzz")
)
