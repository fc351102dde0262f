import Animals
import EventLedger
import Favorites
import Music

/// Generates a deterministic, pseudo-random stream of valid events over all 22 event
/// types: appended in order to an empty ledger with the Music, Animals and
/// Favorites domains, every event obeys every rule.
///
/// The generator keeps its own model of the ledger (live and deleted artists, songs,
/// categories, animals, current favourites). Created ids are derived from the event's
/// sequence number and so never reused; edits and deletions only pick live entities;
/// category names stay unique among live categories ignoring case; a deleted category
/// takes its animals with it; a dish is favourited at most once at a time. A restore
/// brings back a deleted entity, or gives a live one its current state or another; a
/// restored favourite is restored to none, since the log position a favourite carries
/// cannot be known free when the events are interleaved with another writer's. Entity counts
/// grow with the stream, and songs cluster on a few popular artists, so artists with
/// dozens of songs appear within a few thousand events.
///
/// ```swift
/// var generator = WorkloadGenerator(seed: 42)
/// try ledger.append(generator.batch(1_000))
/// ```
public struct WorkloadGenerator {
    private var random: SplitMix64
    private var model = WorkloadModel()
    private var sequence: UInt64 = 0

    /// A generator whose stream is determined by `seed`.
    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// The next event. Its id is deterministic and time-ordered like the UUIDv7 ids the
    /// ledger assigns; a creation expects its stream not to exist.
    public mutating func next() -> PendingEvent {
        sequence += 1
        let drawn = EventKind.random(using: &random)
        // A creation is always possible, so the fallback never fails.
        let (kind, event) = make(drawn).map { (drawn, $0) } ?? (drawn.creation, make(drawn.creation)!)
        return PendingEvent(event, id: eventID(), expect: kind.createsEntity ? .noStream : .any)
    }

    /// The next `count` events.
    public mutating func batch(_ count: Int) -> [PendingEvent] {
        (0..<count).map { _ in next() }
    }

    /// An id with the sequence number where UUIDv7 has its timestamp, so ids sort in stream order.
    private mutating func eventID() -> EventID {
        EventID(
            high: sequence << 16 | 0x7000 | (random.next() & 0x0FFF),
            low: random.next() >> 2 | 0x8000_0000_0000_0000)
    }

    /// A new entity id, e.g. `so.17` for a song created by the 17th event.
    private func newID(_ prefix: String) -> String { "\(prefix)\(sequence)" }

    /// An event of `kind` that is valid now, updating the model; nil when there is
    /// no live entity for it to edit.
    private mutating func make(_ kind: EventKind) -> (any DomainEvent)? {
        switch kind {
        case .artistCreated:
            let artistId = newID("ar:")
            let name = paddedName(WorkloadNames.artist(using: &random))
            model.nameArtist(artistId, name)
            return ArtistCreated(artistId: artistId, name: name)
        case .artistRenamed:
            return model.artists.randomElement(using: &random).map { artistId in
                let name = paddedName(WorkloadNames.artist(using: &random))
                model.nameArtist(artistId, name)
                return ArtistRenamed(artistId: artistId, name: name)
            }
        case .artistDeleted:
            return model.artists.randomElement(using: &random).map { artistId in
                model.deleteArtist(artistId)
                return ArtistDeleted(artistId: artistId)
            }
        case .songAdded:
            let songId = newID("so.")
            model.songs.insert(songId)
            return SongAdded(songId: songId, title: WorkloadNames.title(using: &random), artistId: songArtist())
        case .songRetitled:
            return model.songs.randomElement(using: &random).map { songId in
                SongRetitled(songId: songId, title: WorkloadNames.title(using: &random))
            }
        case .songReassigned:
            return model.songs.randomElement(using: &random).map { songId in
                SongReassigned(songId: songId, artistId: songArtist())
            }
        case .songDeleted:
            return model.songs.randomElement(using: &random).map { songId in
                model.deleteSong(songId)
                return SongDeleted(songId: songId)
            }
        case .categoryCreated:
            let categoryId = newID("ca_")
            let name = categoryName(for: nil)
            model.nameCategory(categoryId, name)
            return CategoryCreated(categoryId: categoryId, name: paddedName(name))
        case .categoryRenamed:
            return model.categories.randomElement(using: &random).map { categoryId in
                let name = categoryName(for: categoryId)
                model.nameCategory(categoryId, name)
                return CategoryRenamed(categoryId: categoryId, name: paddedName(name))
            }
        case .categoryDeleted:
            return model.categories.randomElement(using: &random).map { categoryId in
                model.deleteCategory(categoryId)
                return CategoryDeleted(categoryId: categoryId)
            }
        case .animalAdded:
            let animalId = newID("an-")
            let categoryId = animalCategory()
            model.placeAnimal(animalId, in: categoryId)
            return AnimalAdded(
                animalId: animalId, name: WorkloadNames.animal(using: &random), diet: diet(),
                categoryId: categoryId)
        case .animalRenamed:
            return model.animals.randomElement(using: &random).map { animalId in
                AnimalRenamed(animalId: animalId, name: WorkloadNames.animal(using: &random))
            }
        case .animalDietChanged:
            return model.animals.randomElement(using: &random).map { animalId in
                AnimalDietChanged(animalId: animalId, diet: diet())
            }
        case .animalRecategorized:
            return model.animals.randomElement(using: &random).map { animalId in
                let categoryId = animalCategory()
                model.placeAnimal(animalId, in: categoryId)
                return AnimalRecategorized(animalId: animalId, categoryId: categoryId)
            }
        case .animalRemoved:
            return model.animals.randomElement(using: &random).map { animalId in
                model.removeAnimal(animalId)
                return AnimalRemoved(animalId: animalId)
            }
        case .favoriteAdded:
            let former = Int.random(in: 0..<3, using: &random) == 0 ? model.formerFavourites.randomElement(using: &random) : nil
            let dishId = former ?? newID("dish:")
            model.favourite(dishId)
            return FavoriteAdded(dishId: dishId)
        case .favoriteRemoved:
            return model.favourites.randomElement(using: &random).map { dishId in
                model.unfavourite(dishId)
                return FavoriteRemoved(dishId: dishId)
            }
        case .artistRestored:
            return restorable(model.artists, model.deletedArtists).map { artistId in
                let current = keepsState() ? model.artistName(artistId) : nil
                let name = current ?? paddedName(WorkloadNames.artist(using: &random))
                model.nameArtist(artistId, name)
                return ArtistRestored(artistId: artistId, name: name)
            }
        case .songRestored:
            return restorable(model.songs, model.deletedSongs).map { songId in
                model.restoreSong(songId)
                return SongRestored(songId: songId, title: WorkloadNames.title(using: &random), artistId: songArtist())
            }
        case .categoryRestored:
            return restorable(model.categories, model.deletedCategories).map { categoryId in
                let current = keepsState() ? model.categoryName(categoryId) : nil
                let name = current ?? categoryName(for: categoryId)
                model.nameCategory(categoryId, name)
                return CategoryRestored(categoryId: categoryId, name: paddedName(name))
            }
        case .animalRestored:
            return restorable(model.animals, model.deletedAnimals).map { animalId in
                let categoryId = animalCategory()
                model.placeAnimal(animalId, in: categoryId)
                return AnimalRestored(
                    animalId: animalId, name: WorkloadNames.animal(using: &random), diet: diet(),
                    categoryId: categoryId)
            }
        case .favoriteRestored:
            return restorable(model.favourites, model.formerFavourites).map { dishId in
                model.unfavourite(dishId)
                return FavoriteRestored(dishId: dishId, addedAt: nil, position: nil)
            }
        }
    }

    /// An entity to restore: half the time a deleted one, when there is one, otherwise a live
    /// one; nil when there is neither.
    private mutating func restorable(_ live: LivePool, _ deleted: LivePool) -> String? {
        let fromDeleted = Bool.random(using: &random) ? deleted.randomElement(using: &random) : nil
        return fromDeleted ?? live.randomElement(using: &random)
    }

    /// Whether a restore of a live entity keeps its current state (half the time) rather than
    /// giving it another.
    private mutating func keepsState() -> Bool {
        Bool.random(using: &random)
    }

    /// A song's artist: mostly one of the newest artists, often one of the popular
    /// long-lived ones, sometimes none.
    private mutating func songArtist() -> String? {
        switch Int.random(in: 0..<20, using: &random) {
        case 0..<3: nil
        case 3..<15: model.artists.recentElement(window: 16, using: &random)
        default: model.artists.popularElement(using: &random)
        }
    }

    /// An animal's category: a live one, or none a quarter of the time.
    private mutating func animalCategory() -> String? {
        Int.random(in: 0..<4, using: &random) == 0 ? nil : model.categories.randomElement(using: &random)
    }

    private mutating func diet() -> Diet {
        Diet.allCases[Int.random(in: 0..<Diet.allCases.count, using: &random)]
    }

    private mutating func paddedName(_ name: String) -> String {
        WorkloadNames.padded(name, using: &random)
    }

    /// A name `categoryId` (nil: a new category) may take. It tries the edge cases of the
    /// uniqueness rule first: the category's own name in another case, or a deleted
    /// category's name in another case; otherwise a fresh name.
    private mutating func categoryName(for categoryId: String?) -> String {
        let reused: String? =
            switch Int.random(in: 0..<6, using: &random) {
            case 0: categoryId.flatMap(model.categoryName)
            case 1: model.retiredCategoryNames.randomElement(using: &random)
            default: nil
            }
        if let reused {
            let candidate = WorkloadNames.recased(reused, using: &random)
            if model.mayName(categoryId, candidate) { return candidate }
        }
        while true {
            let candidate = WorkloadNames.category(using: &random, upTo: 2 * model.categories.ids.count + 8)
            if model.mayName(categoryId, candidate) { return candidate }
        }
    }
}
