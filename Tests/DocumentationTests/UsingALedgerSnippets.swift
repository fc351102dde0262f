import EventLedger
import Music

// The live query example of the article UsingALedger.md, run by ArticleLiveQueryTests;
// DocumentationSnippetTests checks that the article shows exactly the code between the markers.
// DOC-SNIPPET-BEGIN UsingALedger
/// Pink Floyd's song titles, whichever process changes them: the current ones first, then
/// the new ones after each commit that changes them. The commits are watched once it
/// returns: one made after that is seen, with no wait in between.
func pinkFloydTitles(in ledger: Ledger) async throws -> AsyncThrowingStream<[String], any Error> {
    try await ledger.observe { reader in
        try MusicQueries.artistSongs("pink-floyd", in: reader).songs.map(\.title)
    }
}

/// What a SwiftUI view shows: `titles` changes, and a view reading it redraws, after any
/// commit that changes Pink Floyd's songs, with no reload.
@MainActor final class PinkFloydSongsModel {
    let songs: LiveQuery<ArtistSongs>

    init(ledger: Ledger) {
        songs = LiveQuery(ledger) { reader in try MusicQueries.artistSongs("pink-floyd", in: reader) }
    }

    var titles: [String] { songs.value?.songs.map(\.title) ?? [] }
}
// DOC-SNIPPET-END
