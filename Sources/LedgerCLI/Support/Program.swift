import EventLedger

/// The tool being run: the name it shows in usage and error lines, and the domains its
/// ledgers are opened with.
struct Program: Sendable {
    /// The program name, e.g. `ledger` or `todo`.
    let name: String
    /// The domains every ledger is opened with; their queries are the `query` models.
    let domains: [any LedgerDomain]
    /// Where output goes: standard output unless told otherwise.
    var outputDescriptor: Int32 = 1
    /// Where errors go: standard error unless told otherwise.
    var errorDescriptor: Int32 = 2

    /// The name this process was started under: the last component of its first argument;
    /// `ledger` when it has none.
    static var startedName: String {
        // Read from argv itself: `CommandLine.arguments` makes a string of every argument.
        guard CommandLine.argc > 0, let first = CommandLine.unsafeArgv[0] else { return "ledger" }
        let path = String(cString: first)
        let started = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        return started.isEmpty ? "ledger" : started
    }

    /// The queries of every domain, in domain order.
    var queries: [QueryDefinition] { domains.flatMap(\.queries) }

    /// Every flag some query accepts, without `--`.
    var queryFlags: Set<String> { Set(queries.flatMap(\.flags)) }

    /// Prints `NAME: error: message` on standard error.
    func reportError(_ message: String) {
        printError("\(name): error: \(message)", to: errorDescriptor)
    }

    /// `help`, written for `ledger`, with the program's name in its usage lines: the first
    /// word of `usage: ledger …` and of the indented `ledger …` lines under it, and in
    /// quoted `ledger COMMAND` references.
    func renamed(_ help: String) -> String {
        guard name != "ledger" else { return help }
        return help.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let indent = line.prefix(while: { $0 == " " })
            let rest = line.dropFirst(indent.count)
            for prefix in ["usage: ledger ", "ledger "] where rest.hasPrefix(prefix) {
                return indent + prefix.dropLast(7) + name + " " + rest.dropFirst(prefix.count)
            }
            return String(line).replacing("`ledger ", with: "`\(name) ")
        }.joined(separator: "\n")
    }
}
