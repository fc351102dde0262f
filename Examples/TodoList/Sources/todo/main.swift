import LedgerCLI
import TodoList

LedgerCLI.run(name: "todo", domains: [TodoDomain()])
