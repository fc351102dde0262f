import Foundation
import LedgerTestSupport
import Testing

@testable import EventLedger

/// A ledger opened with other domains than those that wrote it: read-only, the log and
/// stats are read and nothing is written; what needs a missing domain throws `.storage`
/// naming its read model; a write adds the opener's extra read models but refuses a file
/// holding read models it does not know.
@Suite struct ReadModelsInFileTests {
    /// Whether `error` is a `.storage` error whose message contains `text`.
    private static func isStorageError(_ error: any Error, containing text: String) -> Bool {
        guard let error = error as? LedgerError else { return false }
        return error.kind == .storage && error.message.contains(text)
    }

    /// The bytes of the file at `path`.
    private static func bytes(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test func openedWithoutTheNotesDomainTheLogIsReadAndNothingWritten() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("notes.lmdb")
        try Ledger(path: path, domains: [NotesDomain()]).append(NoteCreated(noteId: "n1", text: "one"))
        let before = try Self.bytes(path)
        let ledger = try Ledger(path: path, domains: [], options: .init(readOnly: true))
        #expect(try allEvents(ledger).map(\.type) == ["NoteCreated"])
        #expect(ledger.readModelsOfUnknownDomains == ["notes"] && ledger.missingReadModels.isEmpty)
        let stats = try ledger.stats()
        #expect(stats.checkpoints == ["notes": 1] && stats.readModelsOfUnknownDomains == ["notes"])
        let unknown = "\(path) holds the read model \"notes\", whose domain this tool does not know"
        #expect(performing: { try ledger.verify() }, throws: { Self.isStorageError($0, containing: unknown) })
        #expect(performing: { try ledger.query("notes") }, throws: { Self.isStorageError($0, containing: unknown) })
        #expect(
            performing: { try ledger.replay(to: 1, into: directory.file("replayed.lmdb")) },
            throws: { Self.isStorageError($0, containing: unknown) })
        #expect(performing: { try Ledger(path: path, domains: []) }, throws: { Self.isStorageError($0, containing: unknown) })
        #expect(try Self.bytes(path) == before)
    }

    @Test func aFileWithoutRecordedVersionsHoldsTheReadModelsOfItsTables() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("notes.lmdb")
        let written = try Ledger(path: path, domains: [NotesDomain()])
        try written.append(NoteCreated(noteId: "n1", text: "one", folderId: "f1"))
        // As a file written before read models recorded their versions.
        try written.core.environment.write { txn in _ = try txn.delete(written.core.tables.checkpoints, ReadModelVersions.key("notes")) }
        #expect(try Ledger(path: path, domains: [], options: .init(readOnly: true)).readModelsOfUnknownDomains == ["notes"])
        let reader = try Ledger(path: path, domains: [NotesDomain()], options: .init(readOnly: true))
        #expect(reader.missingReadModels.isEmpty && reader.readModelsOfUnknownDomains.isEmpty)
        #expect(try reader.query("notes").json == .array([.string("one")]))
    }

    @Test func theNotesDomainMissingFromTheFileIsAddedOnlyByAWrite() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("empty.lmdb")
        _ = try Ledger(path: path, domains: [])
        let before = try Self.bytes(path)
        let reader = try Ledger(path: path, domains: [NotesDomain()], options: .init(readOnly: true))
        #expect(reader.missingReadModels == ["notes"] && reader.readModelsOfUnknownDomains.isEmpty)
        #expect(try reader.stats().checkpoints.isEmpty)
        #expect(performing: { try reader.query("notes") }, throws: { Self.isStorageError($0, containing: "holds no read model \"notes\"") })
        #expect(try reader.verify().isIntact)
        #expect(try Self.bytes(path) == before)
        let writer = try Ledger(path: path, domains: [NotesDomain()])
        #expect(writer.missingReadModels.isEmpty)
        try writer.append(NoteCreated(noteId: "n1", text: "one"))
        #expect(try writer.query("notes").json == .array([.string("one")]))
        let reopened = try Ledger(path: path, domains: [NotesDomain()], options: .init(readOnly: true))
        #expect(reopened.missingReadModels.isEmpty)
        #expect(try reopened.verify().isIntact)
    }
}
