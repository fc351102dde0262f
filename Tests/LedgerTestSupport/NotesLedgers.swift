import EventLedger

/// Runs `body` with a new ledger of the notes domain in its own temporary directory.
public func withNotesLedger(initialMapSize: Int = 1 << 20, _ body: (Ledger, TemporaryDirectory) throws -> Void) throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let ledger = try Ledger(
        path: directory.file("notes.lmdb"), domains: [NotesDomain()],
        options: Ledger.Options(initialMapSize: initialMapSize))
    try body(ledger, directory)
}

/// Runs `body` with two notes ledgers, each in its own temporary directory: `source`, which
/// `fill` filled, and an empty `target`, as a test of an import from one into the other needs.
public func withSourceAndTarget(filling fill: (Ledger) throws -> Void, _ body: (_ source: Ledger, _ target: Ledger) throws -> Void) throws {
    try withNotesLedger { source, _ in
        try fill(source)
        try withNotesLedger { target, _ in try body(source, target) }
    }
}
