extension Array {
    /// The index of the last element whose `key` is at most `value`, in an array sorted by
    /// `key`; nil when every key is greater (a binary search).
    func lastIndex<Key: Comparable>(whereKeyIsAtMost value: Key, _ key: (Element) -> Key) -> Int? {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if key(self[middle]) <= value { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }
}
