import EventLedger
import Music

// The undo example of README.md, compiled and run by ReadmeExampleTests; the test also
// checks that README.md shows exactly the code between the markers.
// README-EXAMPLE-BEGIN
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
// README-EXAMPLE-END
