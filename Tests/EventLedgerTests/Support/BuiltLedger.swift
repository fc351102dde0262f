import LedgerTestSupport
import Testing

@testable import EventLedger

#if canImport(Glibc)
import Glibc
#endif

/// Expects the notes ledger a write to the missing path `new.lmdb` of `directory` built there
/// to be what `source`, the directory's `notes.lmdb`, holds: no temporary or lock file left
/// beside it, the file cut back to the pages it uses, the events of `source` (each as
/// `described`), the same answer to `notes`, an intact `verify`, and appends taken in place
/// no more.
func expectBuiltLedger(
    in directory: TemporaryDirectory, holding source: Ledger, described: (RecordedEvent) -> String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let path = directory.file("new.lmdb")
    #expect(directory.entries() == ["new.lmdb", "notes.lmdb", "notes.lmdb-lock"], sourceLocation: sourceLocation)
    var status = stat()
    #expect(stat(path, &status) == 0, sourceLocation: sourceLocation)
    let built = try Ledger(path: path, domains: [NotesDomain()])
    #expect(Int(status.st_size) == built.core.environment.usedBytes, "the file is cut back to its pages", sourceLocation: sourceLocation)
    #expect(try allEvents(built).map(described) == allEvents(source).map(described), sourceLocation: sourceLocation)
    #expect(try queryJSON(built, "notes") == queryJSON(source, "notes"), sourceLocation: sourceLocation)
    #expect(try built.verify().isIntact, sourceLocation: sourceLocation)
    try built.append(NoteCreated(noteId: "after", text: "after"))
    #expect(try built.head().position == source.head().position + 1, sourceLocation: sourceLocation)
}
