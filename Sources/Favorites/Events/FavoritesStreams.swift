/// The stream of a favourite dish: `favorite-⟨dishId⟩`.
enum FavoritesStreams {
    /// The stream of the dish `dishId`.
    static func favorite(_ dishId: String) -> String { "favorite-\(dishId)" }
}
