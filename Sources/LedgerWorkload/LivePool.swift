/// A set of ids with constant-time insert, remove and random pick. Removal moves the
/// last id into the hole, so ids near the end are mostly the most recently inserted.
struct LivePool {
    private(set) var ids: [String] = []
    private var indexes: [String: Int] = [:]

    var isEmpty: Bool { ids.isEmpty }

    func contains(_ id: String) -> Bool { indexes[id] != nil }

    mutating func insert(_ id: String) {
        guard indexes[id] == nil else { return }
        indexes[id] = ids.count
        ids.append(id)
    }

    mutating func remove(_ id: String) {
        guard let index = indexes.removeValue(forKey: id) else { return }
        let last = ids.removeLast()
        if index < ids.count {
            ids[index] = last
            indexes[last] = index
        }
    }

    /// A uniformly chosen id; nil when the pool is empty.
    func randomElement(using random: inout SplitMix64) -> String? {
        ids.randomElement(using: &random)
    }

    /// An id chosen with a heavy bias towards the front (the longest-lived ids), so a few
    /// ids are picked far more often than the rest; nil when the pool is empty.
    func popularElement(using random: inout SplitMix64) -> String? {
        guard !ids.isEmpty else { return nil }
        let uniform = Double.random(in: 0..<1, using: &random)
        return ids[min(ids.count - 1, Int(Double(ids.count) * uniform * uniform * uniform))]
    }

    /// A uniformly chosen id among the `window` ids at the end; nil when the pool is empty.
    func recentElement(window: Int, using random: inout SplitMix64) -> String? {
        ids.suffix(window).randomElement(using: &random)
    }
}
