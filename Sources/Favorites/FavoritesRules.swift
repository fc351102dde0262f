import EventLedger

extension FavoritesDomain {
    /// Checks the rule for favourites, in every mode: a dish is favourited at most
    /// once at a time, and only a current favourite can be removed. That a restored
    /// favourite's position is not another dish's is the rule of its index
    /// (`FavoritesTables.favoritesByPosition`).
    public func check(_ event: FavoritesEvent, against readModel: ReadModelReader, mode: RuleMode) throws(LedgerError) {
        switch event {
        case .added(let added):
            guard try readModel.row(FavoritesTables.favorites, added.dishId) == nil else {
                throw LedgerError.rule("dish is already a favourite", entity: added.stream)
            }
        case .removed(let removed):
            guard try readModel.row(FavoritesTables.favorites, removed.dishId) != nil else {
                throw LedgerError.rule("dish is not a favourite", entity: removed.stream)
            }
        case .restored:
            break
        }
    }
}
