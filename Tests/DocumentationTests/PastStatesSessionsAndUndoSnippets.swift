import EventLedger
import Music

// The examples of the article PastStatesSessionsAndUndo.md, run by PastStatesSessionsAndUndoTests;
// DocumentationSnippetTests checks that the article shows exactly the code between the markers.

// DOC-SNIPPET-BEGIN PastStatesSessionsAndUndo
/// Pink Floyd's song titles now, as of a position of the log, and as of a time.
func pinkFloydTitles(in ledger: Ledger, asOf position: UInt64, orAsOf time: Timestamp) throws -> [[String]] {
    let titles = { (readModel: ReadModelReader) in
        try MusicQueries.artistSongs("pink-floyd", in: readModel).songs.map(\.title)
    }
    return [
        try ledger.read(titles),
        try ledger.read(asOf: .position(position), titles),
        try ledger.read(asOf: .time(time), titles),
    ]
}
// DOC-SNIPPET-END

// DOC-SNIPPET-BEGIN PastStatesSessionsAndUndo
/// A form kept open across launches: its staged events wait in the ledger file, outside the
/// log, until it is committed or discarded. Returns how many it held when committed.
func addSongsInAForm(to ledger: Ledger) throws -> Int {
    let form = try ledger.beginSession(name: "new songs")
    try form.stage(SongAdded(songId: "time", title: "Time", artistId: "pink-floyd"))
    try form.stage(SongAdded(songId: "us-and-them", title: "Us and Them", artistId: "pink-floyd"))
    try form.undo()  // drops the last staged event

    // Later, perhaps in another process: the form found again by its id.
    let reopened = try ledger.session(form.id)
    let staged = try reopened.info().events.count
    try reopened.commit()  // one commit; a `conflict` error if a stream it touched moved since
    return staged
}
// DOC-SNIPPET-END

// DOC-SNIPPET-BEGIN PastStatesSessionsAndUndo
/// Deletes Pink Floyd by mistake, previews the undo, then undoes it: the artist comes back
/// and its songs are under it again. Returns their titles.
func deletePinkFloydAndUndo(in ledger: Ledger) throws -> [String] {
    let mistake = try ledger.append(ArtistDeleted(artistId: "pink-floyd"))

    // The undo worked out but not appended: the events it would append, and a preview.
    let undo = try ledger.planUndo(of: mistake.commit)
    let preview = try undo.preview { try MusicQueries.artistSongs("pink-floyd", in: $0) }
    precondition(preview.songs.count == 2)

    // One new commit: the log keeps the mistake, and its events say `undoes: <commit>`.
    try undo.commit()
    return try ledger.read { try MusicQueries.artistSongs("pink-floyd", in: $0) }.songs.map(\.title)
}
// DOC-SNIPPET-END
