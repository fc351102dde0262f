import LedgerCLI
import TodoList

// `todo`: the ledger tool's generic commands on ledgers of the to-do domain. The article
// WritingADomain.md of EventLedger's documentation shows the code between the markers.
// DOC-SNIPPET-BEGIN WritingADomain
#if canImport(Glibc)
import Glibc
#endif
exit(LedgerCLI.main(name: "todo", domains: [TodoDomain()]))
// DOC-SNIPPET-END
