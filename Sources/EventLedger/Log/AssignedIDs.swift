/// For each event of an append, the ids the ledger assigned to fields left out (field name →
/// id), empty for an event that had none assigned: kept for those events only, so that a
/// commit of millions of events that carry their own ids takes a few bytes. Read it as any
/// collection of dictionaries, one per event; it compares equal to an array literal of them.
public struct AssignedIDs: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
    /// The events that had ids assigned, by index, in index order.
    private var assigned: [(index: Int, ids: [String: String])] = []
    /// The number of events.
    public private(set) var endIndex = 0

    /// No events.
    public init() {}

    /// The ids assigned to each event given.
    public init(arrayLiteral events: [String: String]...) {
        for ids in events { append(ids) }
    }

    /// The first index: 0.
    public var startIndex: Int { 0 }

    /// The ids assigned to the event at `index`.
    public subscript(index: Int) -> [String: String] {
        precondition(index >= 0 && index < endIndex, "index \(index) out of range")
        var low = 0, high = assigned.count
        while low < high {
            let middle = (low + high) / 2
            if assigned[middle].index < index { low = middle + 1 } else { high = middle }
        }
        return low < assigned.count && assigned[low].index == index ? assigned[low].ids : [:]
    }

    /// Adds the ids assigned to the next event.
    mutating func append(_ ids: [String: String]) {
        if !ids.isEmpty { assigned.append((endIndex, ids)) }
        endIndex += 1
    }

    /// Whether both hold the same ids for the same events.
    public static func == (lhs: AssignedIDs, rhs: AssignedIDs) -> Bool {
        lhs.endIndex == rhs.endIndex && lhs.assigned.elementsEqual(rhs.assigned) { $0.index == $1.index && $0.ids == $1.ids }
    }
}
