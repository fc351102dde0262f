import Foundation

/// What a run of the `ledger` binary produced.
package struct RunResult {
    package let status: Int32
    package let stdout: String
    package let stderr: String

    package init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }

    /// Standard output split into its non-empty lines.
    package var lines: [String] { stdout.split(separator: "\n").map(String.init) }
}

/// A temporary directory holding one ledger, and a way to run the built `ledger` binary on it.
package final class LedgerSandbox {
    package let directory: URL
    package let ledgerPath: String

    /// The `ledger` executable built beside the test bundle.
    package static let executable: URL = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = bundle.deletingLastPathComponent()
        while !directory.path.isEmpty, directory.path != "/" {
            let candidate = directory.appendingPathComponent("ledger")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        fatalError("the ledger binary was not built next to \(bundle.path)")
    }()

    package init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        ledgerPath = directory.appendingPathComponent("ledger.lmdb").path
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A path inside the sandbox.
    package func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Writes `text` to a file in the sandbox and returns its path.
    @discardableResult
    package func write(_ name: String, _ text: String) throws -> String {
        let file = path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Runs `ledger ARGS --ledger <sandbox ledger>` with `input` on standard input.
    package func run(
        _ arguments: [String], input: String? = nil, useLedgerOption: Bool = true,
        environment: [String: String] = [:]
    ) throws -> RunResult {
        try Self.run(
            arguments + (useLedgerOption ? ["--ledger", ledgerPath] : []), input: input.map { Data($0.utf8) },
            currentDirectory: directory, environment: environment)
    }

    /// Runs the `ledger` binary with raw bytes on standard input.
    package static func run(
        _ arguments: [String], input: Data?, currentDirectory: URL,
        environment: [String: String] = [:]
    ) throws -> RunResult {
        try Programs.run(
            executable.path, arguments, input: input, currentDirectory: currentDirectory,
            environment: environment)
    }

    /// Parses one line of output as a JSON object.
    package static func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }
}
