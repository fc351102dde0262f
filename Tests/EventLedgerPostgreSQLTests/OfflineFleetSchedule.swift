import Animals
import EventLedger
import LedgerWorkload
import Music

/// The random steps of an `OfflineFleet`'s schedule, and the edits made to conflict: a
/// category name several replicas claim (live names are unique ignoring case), and renames
/// of one shared artist expecting the version the writing replica shows.
extension OfflineFleet {
    /// The artist every replica renames, created before the schedule starts.
    static let sharedArtist = "star"
    /// The category name every replica claims, in one case or another.
    static let contestedNames = ["Contested", "contested", "CONTESTED"]

    /// Creates the shared artist through replica 0 and brings every replica up to it.
    func createSharedArtist() throws {
        try write(0, [PendingEvent(ArtistCreated(artistId: Self.sharedArtist, name: "Star"), id: newID(), expect: .noStream)])
        for index in replicas.indices { try sync(index) }
    }

    /// One step, drawn at random: a replica goes offline or online, writes generated events,
    /// a contested category or a rename of the shared artist, syncs (now and then losing what
    /// the sync wrote to its file), retries a refused commit or discards a pending one.
    func step() throws {
        let index = Int.random(in: replicas.indices, using: &random)
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<14: try toggle(index)
        case 14..<50: try write(index, replicas[index].generator.batch(Int.random(in: 1...3, using: &random)))
        case 50..<62: try write(index, contestedCategory(index))
        case 62..<67: try write(index, deletedContestedCategory(index))
        case 67..<77: try write(index, sharedArtistRename(index))
        case 77..<88: try sync(index)
        case 88..<93: try syncLosingItsOwnCommits(index)
        case 93..<97: try retryRefused(index)
        default: try discardPending(index)
        }
    }

    /// A category of replica `index` named Contested, half the time with an animal in it in
    /// the same commit, which falls with the category when the primary refuses it.
    private func contestedCategory(_ index: Int) -> [PendingEvent] {
        let replica = replicas[index]
        let categoryId = "contested-\(index)-\(replica.contested.count)"
        replica.contested.append(categoryId)
        let name = Self.contestedNames[Int.random(in: Self.contestedNames.indices, using: &random)]
        var events = [PendingEvent(CategoryCreated(categoryId: categoryId, name: name), id: newID(), expect: .noStream)]
        if Bool.random(using: &random) {
            let animal = AnimalAdded(animalId: "\(categoryId)-animal", name: "Contender", diet: .omnivorous, categoryId: categoryId)
            events.append(PendingEvent(animal, id: newID(), expect: .noStream))
        }
        return events
    }

    /// The deletion of a category replica `index` tried to create with the contested name,
    /// freeing the name if it held it (refused when its creation was).
    private func deletedContestedCategory(_ index: Int) -> [PendingEvent] {
        guard let categoryId = replicas[index].contested.randomElement(using: &random) else { return contestedCategory(index) }
        return [PendingEvent(CategoryDeleted(categoryId: categoryId), id: newID())]
    }

    /// A rename of the shared artist by replica `index`, expecting, two times in three, the
    /// version of its stream the replica shows: a conflict if another replica's rename
    /// reaches the primary first.
    private func sharedArtistRename(_ index: Int) throws -> [PendingEvent] {
        let stream = "artist-\(Self.sharedArtist)"
        let expect: ExpectedVersion =
            Int.random(in: 0..<3, using: &random) == 0 ? .any : .exactly(try replicas[index].localVersion(of: stream))
        let name = "Star \(index).\(random.next() % 1_000)"
        return [PendingEvent(ArtistRenamed(artistId: Self.sharedArtist, name: name), id: newID(), expect: expect)]
    }
}
