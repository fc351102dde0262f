#if canImport(Glibc)
import Glibc
#endif
import LedgerCLI

exit(LedgerCLI.main(Array(CommandLine.arguments.dropFirst())))
