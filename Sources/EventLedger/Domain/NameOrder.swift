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
    /// mapped.
    public static func key(_ name: String) -> String {
        if let ascii = asciiKey(name) { return ascii }
        var key: [UInt8] = []
        key.reserveCapacity(name.utf8.count + 8)
        for scalar in name.unicodeScalars {
            if scalar.isASCII {
                let value = UInt8(scalar.value)
                key.append((0x41...0x5A).contains(value) ? value | 0x20 : value)
            } else if scalar.value < latinGreekCyrillicEnd {
                key.append(contentsOf: latinGreekCyrillicKeys[Int(scalar.value) - 0x80])
            } else {
                key.append(contentsOf: self.key(of: scalar))
            }
        }
        return String(decoding: key, as: UTF8.self)
    }

    /// The key of a name written in ASCII only, its letters lowercased in one pass over its
    /// bytes; nil when the name has other scalars.
    private static func asciiKey(_ name: String) -> String? {
        var name = name
        return name.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { key in
                for (index, byte) in bytes.enumerated() { key[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte }
                return bytes.count
            }
        }
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
    /// outside ASCII are written with.
    private static let latinGreekCyrillicKeys: [[UInt8]] = (0x80..<latinGreekCyrillicEnd).map { value in
        key(of: Unicode.Scalar(value)!)
    }

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
