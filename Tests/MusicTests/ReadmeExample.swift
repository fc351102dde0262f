import EventLedger
import Music

// The library example of README.md and of the article UsingALedger.md, compiled and run by
// ReadmeExampleTests; that test checks that README.md shows exactly the code between the
// README markers, and DocumentationSnippetTests that the article does.
// DOC-SNIPPET-BEGIN UsingALedger
// README-EXAMPLE-BEGIN
func songsOfPinkFloyd(ledgerPath: String) throws -> [String] {
    let ledger = try Ledger(path: ledgerPath, domains: [MusicDomain()])
    try ledger.append(ArtistCreated(artistId: "pink-floyd", name: "Pink Floyd"), expect: .noStream)
    try ledger.append([
        PendingEvent(SongAdded(songId: "money", title: "Money", artistId: "pink-floyd")),
        PendingEvent(SongAdded(songId: "breathe", title: "Breathe", artistId: "pink-floyd")),
    ])

    // An edit form: stage events, preview the read models, then commit them as one commit.
    let form = try ledger.beginSession(name: "add Hey You")
    try form.stage(SongAdded(songId: "hey-you", title: "Hey You", artistId: "pink-floyd"))
    let preview = try form.preview { try MusicQueries.artistSongs("pink-floyd", in: $0) }
    precondition(preview.songs.count == 3)
    try form.commit()

    do {
        try ledger.append(SongRetitled(songId: "no-such-song", title: "Time"))
    } catch {
        guard error.kind == .ruleViolation else { throw error }
        print(error.message)  // rule violated: song must exist (song-no-such-song)
    }
    return try ledger.read { try MusicQueries.artistSongs("pink-floyd", in: $0) }.songs.map(\.title)
}
// README-EXAMPLE-END
// DOC-SNIPPET-END
