import EventLedger
import Music

// The live query example of the article UsingALedger.md, run by ArticleLiveQueryTests;
// DocumentationSnippetTests checks that the article shows exactly the code between the markers.
// DOC-SNIPPET-BEGIN UsingALedger
/// Waits until Pink Floyd has `count` songs, whichever process adds them, and returns their titles.
func pinkFloydTitles(in ledger: Ledger, once count: Int) async throws -> [String] {
    for try await result in ledger.observe("artist-songs", .init(argument: "pink-floyd")) {
        // One result now, then one after each commit that changed it.
        if result.rows.count >= count { return result.rows.map { $0[1] } }
    }
    return []  // the task was cancelled
}

/// What a SwiftUI view shows: `titles` changes, and the view redraws, after any commit
/// that changes Pink Floyd's songs, with no reload.
@MainActor final class PinkFloydSongsModel {
    let songs: LiveQuery

    init(ledger: Ledger) {
        songs = LiveQuery(ledger, query: "artist-songs", .init(argument: "pink-floyd"))
    }

    var titles: [String] { songs.result?.rows.map { $0[1] } ?? [] }
}
// DOC-SNIPPET-END
