/// The streams of the music entities: `artist-⟨artistId⟩` and `song-⟨songId⟩`.
enum MusicStreams {
    /// The stream of the artist `artistId`.
    static func artist(_ artistId: String) -> String { "artist-\(artistId)" }

    /// The stream of the song `songId`.
    static func song(_ songId: String) -> String { "song-\(songId)" }
}
