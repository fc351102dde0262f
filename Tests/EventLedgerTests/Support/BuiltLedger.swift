import LedgerTestSupport
import Testing

@testable import EventLedger

#if canImport(Glibc)
import Glibc
#endif

/// Opens, with the notes domain, the ledger a write to a missing path built there, and expects
/// its file cut back to the pages it uses.
func openBuiltLedger(at path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Ledger {
    var status = stat()
    #expect(stat(path, &status) == 0, sourceLocation: sourceLocation)
    let built = try Ledger(path: path, domains: [NotesDomain()])
    #expect(Int(status.st_size) == built.core.environment.usedBytes, "the file is cut back to its pages", sourceLocation: sourceLocation)
    return built
}
