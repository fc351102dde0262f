/// The 22 event types with how often the generator picks each: mostly additions
/// and edits, some deletions, favourites coming and going, now and then a restore.
enum EventKind: CaseIterable {
    case artistCreated, artistRenamed, artistDeleted
    case songAdded, songRetitled, songReassigned, songDeleted
    case categoryCreated, categoryRenamed, categoryDeleted
    case animalAdded, animalRenamed, animalDietChanged, animalRecategorized, animalRemoved
    case favoriteAdded, favoriteRemoved
    case artistRestored, songRestored, categoryRestored, animalRestored, favoriteRestored

    /// Relative frequency, out of 105: those of the other kinds as they were before restores
    /// came, and 1 each for the restores. Creations outnumber deletions, so every pool keeps growing.
    var weight: Int {
        switch self {
        case .artistCreated: 5
        case .artistRenamed: 3
        case .artistDeleted: 1
        case .songAdded: 24
        case .songRetitled: 7
        case .songReassigned: 3
        case .songDeleted: 2
        case .categoryCreated: 2
        case .categoryRenamed: 2
        case .categoryDeleted: 1
        case .animalAdded: 18
        case .animalRenamed: 5
        case .animalDietChanged: 4
        case .animalRecategorized: 3
        case .animalRemoved: 2
        case .favoriteAdded: 12
        case .favoriteRemoved: 6
        case .artistRestored, .songRestored, .categoryRestored, .animalRestored, .favoriteRestored: 1
        }
    }

    /// The kind of entity the event is about.
    var entity: WorkloadEntity {
        switch self {
        case .artistCreated, .artistRenamed, .artistDeleted, .artistRestored: .artist
        case .songAdded, .songRetitled, .songReassigned, .songDeleted, .songRestored: .song
        case .categoryCreated, .categoryRenamed, .categoryDeleted, .categoryRestored: .category
        case .animalAdded, .animalRenamed, .animalDietChanged, .animalRecategorized, .animalRemoved, .animalRestored: .animal
        case .favoriteAdded, .favoriteRemoved, .favoriteRestored: .favourite
        }
    }

    /// The kind that is always possible and makes this one possible later: the creation of
    /// the entity it edits (an edit of nothing live becomes that creation instead).
    var creation: EventKind {
        switch entity {
        case .artist: .artistCreated
        case .song: .songAdded
        case .category: .categoryCreated
        case .animal: .animalAdded
        case .favourite: .favoriteAdded
        }
    }

    /// Whether the event leaves its entity deleted: a deletion, a favourite's removal, or (as
    /// the generator makes them) a favourite's restore.
    var deletes: Bool {
        [.artistDeleted, .songDeleted, .categoryDeleted, .animalRemoved, .favoriteRemoved, .favoriteRestored].contains(self)
    }

    /// Whether the event restores an entity, as undo did before it appended `EntityRestored`.
    var restores: Bool {
        [.artistRestored, .songRestored, .categoryRestored, .animalRestored, .favoriteRestored].contains(self)
    }

    /// Whether the event creates an entity, whose stream therefore must not exist yet.
    var createsEntity: Bool {
        [.artistCreated, .songAdded, .categoryCreated, .animalAdded].contains(self)
    }

    private static let totalWeight = allCases.reduce(0) { $0 + $1.weight }

    /// A kind drawn by weight.
    static func random(using random: inout SplitMix64) -> EventKind {
        var draw = Int.random(in: 0..<totalWeight, using: &random)
        for kind in allCases {
            if draw < kind.weight { return kind }
            draw -= kind.weight
        }
        preconditionFailure("weights do not add up to totalWeight")
    }
}

/// The kinds of entity the generator makes: those of the Music, Animals and Favorites domains.
enum WorkloadEntity {
    case artist, song, category, animal, favourite
}
