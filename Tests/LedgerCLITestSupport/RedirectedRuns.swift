import Foundation

extension LedgerSandbox {
    /// Runs `ledger ARGS --ledger <sandbox ledger>` through `sh`, with `redirections` applied
    /// to it (e.g. `>/dev/full`, `>&-` to close standard output, `</dev/zero`) and its
    /// virtual memory capped at `memoryLimitKiB` when given (`ulimit -v`), so a run that
    /// would read without end fails instead of taking the machine's memory.
    package func run(_ arguments: [String], redirecting redirections: String, memoryLimitKiB: Int? = nil) throws -> RunResult {
        let limit = memoryLimitKiB.map { "ulimit -v \($0); " } ?? ""
        return try Programs.run(
            "/bin/sh",
            ["-c", "\(limit)exec \"$0\" \"$@\" \(redirections)", LedgerSandbox.executable.path]
                + arguments + ["--ledger", ledgerPath], currentDirectory: directory)
    }
}
