// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "EventLedger",
    products: [
        .library(name: "EventLedger", targets: ["EventLedger"]),
        .library(name: "Music", targets: ["Music"]),
        .library(name: "Animals", targets: ["Animals"]),
        .library(name: "Favorites", targets: ["Favorites"]),
        .executable(name: "ledger", targets: ["ledger"]),
    ],
    targets: [
        .systemLibrary(name: "CLMDB", providers: [.apt(["liblmdb-dev"])]),
        .systemLibrary(name: "CCrypto", providers: [.apt(["libssl-dev"])]),
        .target(
            name: "EventLedger",
            dependencies: ["CLMDB", "CCrypto"],
            // Release builds link the static archives the two -dev packages ship: a `ledger`
            // process then starts without loading and relocating liblmdb and libcrypto or
            // running libcrypto's initializers, about 1.3 ms of a 5 ms `ledger append`.
            linkerSettings: [
                .linkedLibrary("lmdb", .when(configuration: .debug)),
                .linkedLibrary("crypto", .when(configuration: .debug)),
                .unsafeFlags(["-Xlinker", "-l:liblmdb.a", "-Xlinker", "-l:libcrypto.a"], .when(configuration: .release)),
            ]
        ),
        .target(name: "Music", dependencies: ["EventLedger"]),
        .target(name: "Animals", dependencies: ["EventLedger"]),
        .target(name: "Favorites", dependencies: ["EventLedger"]),
        .target(name: "LedgerCLI", dependencies: ["EventLedger", "Music", "Animals", "Favorites"]),
        .executableTarget(
            name: "ledger",
            dependencies: ["LedgerCLI"],
            // A statically linked Swift runtime halves process start-up: one `ledger append`
            // costs about as much as one `sqlite3` insert.
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]
        ),
        .target(name: "LedgerWorkload", dependencies: ["EventLedger", "Music", "Animals", "Favorites"]),
        .executableTarget(name: "ledger-bench", dependencies: ["LedgerWorkload", "EventLedger", "Music"],
                          path: "Sources/LedgerBench"),
        .target(name: "LedgerTestSupport", dependencies: ["EventLedger"], path: "Tests/LedgerTestSupport"),
        .testTarget(name: "EventLedgerTests", dependencies: ["EventLedger", "LedgerTestSupport"]),
        .testTarget(name: "MusicTests", dependencies: ["Music", "EventLedger", "LedgerTestSupport"]),
        .testTarget(name: "AnimalsTests", dependencies: ["Animals", "EventLedger", "LedgerTestSupport"]),
        .testTarget(name: "FavoritesTests", dependencies: ["Favorites", "EventLedger", "LedgerTestSupport"]),
        .testTarget(name: "LedgerWorkloadTests",
                    dependencies: ["LedgerWorkload", "EventLedger", "Music", "Animals", "Favorites", "LedgerTestSupport"]),
        .testTarget(name: "LedgerCLITests", dependencies: ["LedgerCLI", "EventLedger", "Music", "Animals", "Favorites", "LedgerWorkload"]),
    ],
    swiftLanguageModes: [.v6]
)

// The fuzz target of the decoders (JSON, envelopes, payloads, batch and import files, binary
// records). `tools/fuzz` builds it with libFuzzer (`-sanitize=fuzzer -D LEDGER_FUZZER`, in a
// scratch path of its own); built normally it is a driver replaying files: `ledger-fuzz fuzz/corpus`.
package.targets.append(
    .executableTarget(name: "ledger-fuzz", dependencies: ["EventLedger", "LedgerCLI", "Music", "Animals", "Favorites"],
                      path: "Sources/LedgerFuzz")
)
