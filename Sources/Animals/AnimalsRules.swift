import EventLedger

extension AnimalsDomain {
    /// Checks that an animal's category is live, on strict appends (imports accept unknown
    /// categories). That an edited category or animal is live, and a restored one exists,
    /// is required by the events themselves (`EventEntity`). Category names unique among
    /// live categories ignoring case is the rule of their index
    /// (`AnimalsTables.categoriesByName`), in every mode.
    public func check(_ event: AnimalsEvent, against readModel: ReadModelReader, mode: RuleMode) throws(LedgerError) {
        guard mode == .strict else { return }
        switch event {
        case .animalAdded(let added): try Self.requireLiveCategory(of: added.categoryId, in: readModel)
        case .animalRecategorized(let recategorized): try Self.requireLiveCategory(of: recategorized.categoryId, in: readModel)
        case .animalRestored(let restored) where restored.name != nil:
            try Self.requireLiveCategory(of: restored.categoryId, in: readModel)
        default: break
        }
    }

    /// Checks an animal's row undo restores: a live animal's category must be live, as on a
    /// strict append.
    @Sendable
    static func checkRestoring(animal animalId: String, _ animal: AnimalRecord?, in readModel: ReadModelReader) throws(LedgerError) {
        guard let animal, !animal.isDeleted else { return }
        try requireLiveCategory(of: animal.categoryId, in: readModel)
    }

    /// Throws "category must exist" or "category must not be deleted" unless `categoryId` is
    /// none or a live category.
    private static func requireLiveCategory(of categoryId: String?, in readModel: ReadModelReader) throws(LedgerError) {
        guard let categoryId else { return }
        try readModel.requireLive(AnimalsTables.categories, categoryId, kind: "category")
    }
}
