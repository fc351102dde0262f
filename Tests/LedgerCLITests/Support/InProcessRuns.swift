import EventLedger
import Foundation
import LedgerCLITestSupport

@testable import LedgerCLI

extension LedgerSandbox {
    /// Runs the tool called `name` on `domains` in this process, with `--ledger` the
    /// sandbox's ledger, its output and errors going to files of the sandbox.
    func runInProcess(_ arguments: [String], name: String, domains: [any LedgerDomain]) throws -> RunResult {
        let outputPath = path("in-process-\(UUID().uuidString).out")
        let errorPath = outputPath + ".err"
        let output = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let error = open(errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { close(output); close(error) }
        let program = Program(name: name, domains: domains, outputDescriptor: output, errorDescriptor: error)
        let code = LedgerCLI.run(arguments + ["--ledger", ledgerPath], program: program)
        return RunResult(
            status: code, stdout: try String(contentsOfFile: outputPath, encoding: .utf8),
            stderr: try String(contentsOfFile: errorPath, encoding: .utf8))
    }
}
