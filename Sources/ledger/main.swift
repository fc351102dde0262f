#if canImport(Glibc)
import Glibc
#endif
import LedgerCLI

exit(LedgerCLI.main())
