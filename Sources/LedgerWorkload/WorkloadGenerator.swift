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

    /// An event of `kind` that is valid now, updating the model; nil when there is no entity
    /// for it to change (none live to edit, none at all to restore).
    private mutating func make(_ kind: EventKind) -> (any DomainEvent)? {
        switch kind {
        case .artistCreated:
            let artistId = newID("ar:")
            return ArtistCreated(artistId: artistId, name: nameArtist(artistId))
        case .songAdded:
            let songId = newID("so.")
            model.songs.makeLive(songId)
            return SongAdded(songId: songId, title: WorkloadNames.title(using: &random), artistId: songArtist())
        case .categoryCreated:
            let categoryId = newID("ca_")
            return CategoryCreated(categoryId: categoryId, name: nameCategory(categoryId, isNew: true))
        case .animalAdded:
            let animalId = newID("an-")
            let categoryId = placeAnimal(animalId)
            return AnimalAdded(animalId: animalId, name: WorkloadNames.animal(using: &random), diet: diet(), categoryId: categoryId)
        case .favoriteAdded:
            let former = Int.random(in: 0..<3, using: &random) == 0 ? model.favourites.deleted.randomElement(using: &random) : nil
            let dishId = former ?? newID("dish:")
            model.favourites.makeLive(dishId)
            return FavoriteAdded(dishId: dishId)
        default:
            let entities = model.entities(kind.entity)
            let id = kind.restores ? restorable(entities) : entities.live.randomElement(using: &random)
            return id.map { change(kind, $0) }
        }
    }

    /// An event of `kind`, which edits, deletes or restores the entity `id`, updating the model.
    private mutating func change(_ kind: EventKind, _ id: String) -> any DomainEvent {
        if kind.deletes { model.delete(kind.entity, id) }
        switch kind {
        case .artistRenamed: return ArtistRenamed(artistId: id, name: nameArtist(id))
        case .artistDeleted: return ArtistDeleted(artistId: id)
        case .songRetitled: return SongRetitled(songId: id, title: WorkloadNames.title(using: &random))
        case .songReassigned: return SongReassigned(songId: id, artistId: songArtist())
        case .songDeleted: return SongDeleted(songId: id)
        case .categoryRenamed: return CategoryRenamed(categoryId: id, name: nameCategory(id))
        case .categoryDeleted: return CategoryDeleted(categoryId: id)
        case .animalRenamed: return AnimalRenamed(animalId: id, name: WorkloadNames.animal(using: &random))
        case .animalDietChanged: return AnimalDietChanged(animalId: id, diet: diet())
        case .animalRecategorized: return AnimalRecategorized(animalId: id, categoryId: placeAnimal(id))
        case .animalRemoved: return AnimalRemoved(animalId: id)
        case .favoriteRemoved: return FavoriteRemoved(dishId: id)
        case .artistRestored:
            let current = keepsState() ? model.artistName(id) : nil
            return ArtistRestored(artistId: id, name: nameArtist(id, keeping: current))
        case .songRestored:
            model.songs.makeLive(id)
            return SongRestored(songId: id, title: WorkloadNames.title(using: &random), artistId: songArtist())
        case .categoryRestored:
            let current = keepsState() ? model.categoryName(id) : nil
            return CategoryRestored(categoryId: id, name: nameCategory(id, keeping: current))
        case .animalRestored:
            let categoryId = placeAnimal(id)
            return AnimalRestored(animalId: id, name: WorkloadNames.animal(using: &random), diet: diet(), categoryId: categoryId)
        case .favoriteRestored: return FavoriteRestored(dishId: id, addedAt: nil, position: nil)
        case .artistCreated, .songAdded, .categoryCreated, .animalAdded, .favoriteAdded:
            preconditionFailure("\(kind) creates its entity: make(_:) makes it")
        }
    }

    /// An entity to restore: half the time a deleted one, when there is one, otherwise a live
    /// one; nil when there is neither.
    private mutating func restorable(_ entities: EntityPools) -> String? {
        let fromDeleted = Bool.random(using: &random) ? entities.deleted.randomElement(using: &random) : nil
        return fromDeleted ?? entities.live.randomElement(using: &random)
    }

    /// Makes the artist live with `current`, or else a new name, and returns that name.
    private mutating func nameArtist(_ artistId: String, keeping current: String? = nil) -> String {
        let name = current ?? paddedName(WorkloadNames.artist(using: &random))
        model.nameArtist(artistId, name)
        return name
    }

    /// Makes the category live with `current`, or else a name it may take (`categoryName(for:)`),
    /// and returns that name as a payload gives it.
    private mutating func nameCategory(_ categoryId: String, isNew: Bool = false, keeping current: String? = nil) -> String {
        let name = current ?? categoryName(for: isNew ? nil : categoryId)
        model.nameCategory(categoryId, name)
        return paddedName(name)
    }

    /// Puts the animal, added, moved or restored, in a category `animalCategory()` picks, and
    /// returns that category.
    private mutating func placeAnimal(_ animalId: String) -> String? {
        let categoryId = animalCategory()
        model.placeAnimal(animalId, in: categoryId)
        return categoryId
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
        case 3..<15: model.artists.live.recentElement(window: 16, using: &random)
        default: model.artists.live.popularElement(using: &random)
        }
    }

    /// An animal's category: a live one, or none a quarter of the time.
    private mutating func animalCategory() -> String? {
        Int.random(in: 0..<4, using: &random) == 0 ? nil : model.categories.live.randomElement(using: &random)
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
            let candidate = WorkloadNames.category(using: &random, upTo: 2 * model.categories.live.ids.count + 8)
            if model.mayName(categoryId, candidate) { return candidate }
        }
    }
}
