/// The values a key's binary form (`BinaryForm.key`) holds, found without knowing their
/// types: each value's tag tells its length.
enum KeyValues {
    /// The number of whole values in `key`.
    static func count(in key: UnsafeRawBufferPointer) -> Int {
        var (count, offset) = (0, 0)
        while let next = end(ofValueAt: offset, in: key) {
            count += 1
            offset = next
        }
        return count
    }

    /// The bytes of the first `count` values of `key`; nil when it holds fewer.
    static func prefix(_ count: Int, of key: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        var offset = 0
        for _ in 0..<count {
            guard let next = end(ofValueAt: offset, in: key) else { return nil }
            offset = next
        }
        return UnsafeRawBufferPointer(rebasing: key[..<offset])
    }

    /// Where the value starting at `offset` ends; nil at the end of `key` or when it is cut short.
    private static func end(ofValueAt offset: Int, in key: UnsafeRawBufferPointer) -> Int? {
        guard offset < key.count, let tag = BinaryForm.Tag(rawValue: key[offset]) else { return nil }
        let end: Int
        switch tag {
        case .null, .false, .true:
            end = offset + 1
        case .signed, .unsigned, .double:
            end = offset + 9
        case .string:
            var index = offset + 1
            while index + 1 < key.count, !(key[index] == 0 && key[index + 1] == 0) {
                index += key[index] == 0 ? 2 : 1
            }
            end = index + 2
        case .array:
            guard offset + 5 <= key.count else { return nil }
            let elements = key[(offset + 1)..<(offset + 5)].reduce(0) { $0 << 8 | Int($1) }
            var index = offset + 5
            for _ in 0..<elements {
                guard let next = self.end(ofValueAt: index, in: key) else { return nil }
                index = next
            }
            end = index
        }
        return end <= key.count ? end : nil
    }
}
