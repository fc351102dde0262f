#if canImport(Glibc)
import Glibc
#endif
import LedgerCLI
import TodoList

// `todo`: the ledger tool's generic commands on ledgers of the to-do domain.
exit(LedgerCLI.main(name: "todo", domains: [TodoDomain()]))
