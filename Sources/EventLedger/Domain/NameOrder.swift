/// How read models order names and titles: ignoring case, as people read a list, so
/// `echoes` sits beside `Echoes`, and `Straße` beside `STRASSE`.
///
/// A domain keys each name-ordered table on `key(name)` followed by the entity's id,
/// so equal keys (different spellings of one name) still list in a stable order.
/// Keys are compared as UTF-8 bytes, which is the order of their Unicode scalars.
/// Changing how keys are made changes every stored name-ordered table: ledgers written
/// before must rebuild their read models.
public enum NameOrder {
    /// The ordering key of `name`: its Unicode full case folding, so two names get the
    /// same key exactly when they are equal ignoring case (`ß`, `ss` and `SS`; `ς`, `σ`
    /// and `Σ`; `ﬀ` and `ff`). Names that are canonically equivalent but spelled with
    /// different scalars (`é` and `e` followed by U+0301) get different keys.
    ///
    /// Lowercasing, uppercasing and lowercasing again with the standard library's full
    /// case mappings gives the same equivalence as case folding for every character but
    /// the dotless `ı`, which folding keeps apart from `i` and uppercasing would merge
    /// with it; it is kept as it is. The key is not the folded text itself (folding
    /// turns lowercase Cherokee into uppercase, the key the other way), only its equal.
    ///
    /// The standard library maps case scalar by scalar, so the key is made a scalar at a
    /// time: ASCII letters lowercased, scalars case mapping leaves alone kept, the others
    /// mapped; a name written in Latin, Greek and Cyrillic, whose scalars' keys are worked
    /// out once, in one pass over its bytes.
    public static func key(_ name: String) -> String {
        var text = name
        switch text.withUTF8(latinGreekCyrillicKey) {
        case .same: return name
        case .key(let key): return key
        case .other: return scalarKey(name)
        }
    }

    /// What the one pass over a name's bytes found.
    private enum BytesKey {
        /// The name is its own key.
        case same
        /// The name's key.
        case key(String)
        /// The name has scalars from `latinGreekCyrillicEnd` on: its key is made a scalar at a time.
        case other
    }

    /// The key of a name written with scalars below `latinGreekCyrillicEnd`, in one pass over
    /// its UTF-8 bytes: ASCII letters lowercased, two-byte scalars replaced by their keys.
    private static func latinGreekCyrillicKey(_ bytes: UnsafeBufferPointer<UInt8>) -> BytesKey {
        // A scalar's key is at most `keyRoom` times its UTF-8 length; a longer one is made a scalar at a time.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count * keyRoom) { key in
            var (index, count, changed) = (0, 0, false)
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    let lowered = byte &- 0x41 < 26 ? byte | 0x20 : byte
                    changed = changed || lowered != byte
                    key[count] = lowered
                    (index, count) = (index + 1, count + 1)
                    continue
                }
                // A two-byte scalar below `latinGreekCyrillicEnd` (0x500): a lead byte below 0xD4.
                guard byte >= 0xC2, byte < 0xD4, index + 1 < bytes.count, bytes[index + 1] & 0xC0 == 0x80 else { return .other }
                let scalar = Int(byte & 0x1F) << 6 | Int(bytes[index + 1] & 0x3F)
                let scalarKey = latinGreekCyrillicKeys.key(of: scalar)
                guard count + scalarKey.count <= key.count else { return .other }
                changed = changed || !scalarKey.elementsEqual(bytes[index...(index + 1)])
                for keyByte in scalarKey {
                    key[count] = keyByte
                    count += 1
                }
                index += 2
            }
            return changed ? .key(String(decoding: UnsafeBufferPointer(rebasing: key[..<count]), as: UTF8.self)) : .same
        }
    }

    /// The room for a key made in one pass, in bytes per byte of the name.
    private static let keyRoom = 3

    /// The key made a scalar at a time: ASCII letters lowercased, scalars case mapping leaves
    /// alone kept, the others mapped.
    private static func scalarKey(_ name: String) -> String {
        var key: [UInt8] = []
        key.reserveCapacity(name.utf8.count + 8)
        for scalar in name.unicodeScalars {
            if scalar.isASCII {
                let value = UInt8(scalar.value)
                key.append((0x41...0x5A).contains(value) ? value | 0x20 : value)
            } else if scalar.value < latinGreekCyrillicEnd {
                key.append(contentsOf: latinGreekCyrillicKeys.key(of: Int(scalar.value)))
            } else {
                key.append(contentsOf: self.key(of: scalar))
            }
        }
        return String(decoding: key, as: UTF8.self)
    }

    /// The UTF-8 key of one scalar: itself when case mapping leaves it alone (and for the
    /// dotless `ı`), otherwise its mappings.
    private static func key(of scalar: Unicode.Scalar) -> [UInt8] {
        guard scalar != dotlessI, scalar.properties.changesWhenCaseMapped else { return Array(UTF8.encode(scalar)!) }
        return Array(scalar.properties.lowercaseMapping.uppercased().lowercased().utf8)
    }

    /// The end of the scalars whose keys are worked out once: Latin, Greek and Cyrillic.
    private static let latinGreekCyrillicEnd: UInt32 = 0x500

    /// The keys of the scalars from U+0080 to `latinGreekCyrillicEnd`, which most names
    /// outside ASCII are written with, worked out once, in one pass.
    private static let latinGreekCyrillicKeys = ScalarKeys(0x80..<latinGreekCyrillicEnd, key: key(of:))

    /// LATIN SMALL LETTER DOTLESS I, which has no case of its own under folding.
    private static let dotlessI: Unicode.Scalar = "\u{131}"
}

/// The key of an entity in a table listed by name: names in `NameOrder`, then ids, so a
/// prefix scan by `NameOrder.key(name)` finds the entities holding a name.
///
/// ```swift
/// static let listNames = ReadModelTable<NameOrderKey, String>(readModel: "todo", name: "list-names")
/// try readModel.set(listNames, NameOrderKey(name: list.name, id: list.listId), list.name)
/// ```
public struct NameOrderKey: Codable, Hashable, Sendable {
    /// `NameOrder.key` of the name.
    public var nameOrder: String
    /// The entity's id.
    public var id: String

    /// The key of the entity `id` called `name`.
    public init(name: String, id: String) {
        self.init(nameOrder: NameOrder.key(name), id: id)
    }

    /// The key as stored: the name's ordering key and the id.
    init(nameOrder: String, id: String) {
        self.nameOrder = nameOrder
        self.id = id
    }
}

/// The keys of a range of scalars, one after another in one array.
private struct ScalarKeys: Sendable {
    /// The first scalar of the range.
    let first: Int
    /// The keys' bytes: the key of scalar `first + i` lies from `starts[i]` to `starts[i + 1]`.
    let bytes: [UInt8]
    let starts: [Int]

    /// The keys of the scalars of `range`, each given by `key`.
    init(_ range: Range<UInt32>, key: (Unicode.Scalar) -> [UInt8]) {
        first = Int(range.lowerBound)
        var (bytes, starts) = ([UInt8](), [0])
        starts.reserveCapacity(range.count + 1)
        for value in range {
            bytes += key(Unicode.Scalar(value)!)
            starts.append(bytes.count)
        }
        (self.bytes, self.starts) = (bytes, starts)
    }

    /// The key of `scalar`, which lies in the range.
    func key(of scalar: Int) -> ArraySlice<UInt8> {
        bytes[starts[scalar - first]..<starts[scalar - first + 1]]
    }
}
