/// The position of each event of an append, in the order given: kept as runs of consecutive
/// positions, so that a commit of millions of events (one run) takes a few bytes, not eight
/// per event. Read it as any collection of positions; it compares equal to an array literal
/// of the same positions.
public struct EventPositions: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
    /// The first position of each run, and the index of the run's first event.
    private var runs: [(first: UInt64, startIndex: Int)] = []
    /// The number of positions.
    public private(set) var endIndex = 0

    /// No positions.
    public init() {}

    /// The positions given.
    public init(arrayLiteral positions: UInt64...) {
        for position in positions { append(position) }
    }

    /// The first index: 0.
    public var startIndex: Int { 0 }

    /// The position of the event at `index`.
    public subscript(index: Int) -> UInt64 {
        precondition(index >= 0 && index < endIndex, "index \(index) out of range")
        let run = runs[runContaining(index)]
        return run.first + UInt64(index - run.startIndex)
    }

    /// Adds the position of the next event.
    mutating func append(_ position: UInt64) {
        if let last = runs.last, last.first + UInt64(endIndex - last.startIndex) == position {
            endIndex += 1
            return
        }
        runs.append((position, endIndex))
        endIndex += 1
    }

    /// The index in `runs` of the run holding the event at `index`: the last run starting at or before it.
    private func runContaining(_ index: Int) -> Int {
        var low = 0, high = runs.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if runs[middle].startIndex <= index { low = middle } else { high = middle }
        }
        return low
    }

    /// Whether both hold the same positions in the same order.
    public static func == (lhs: EventPositions, rhs: EventPositions) -> Bool {
        lhs.endIndex == rhs.endIndex && lhs.runs.elementsEqual(rhs.runs) { $0.first == $1.first && $0.startIndex == $1.startIndex }
    }
}
