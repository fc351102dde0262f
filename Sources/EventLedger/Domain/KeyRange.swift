/// Which keys a read of a table or an index visits, in key order: every key, those starting
/// with a prefix, or those from a lower bound (included) up to an upper bound (excluded),
/// either end open.
///
/// A prefix or a bound is a value of the key's first field, or a struct of its first fields
/// (the same types, in the same order), compared as keys are ordered. A bound of the first
/// fields bounds by them: `.upTo(day)` visits every key whose first field is before `day`.
///
/// ```swift
/// // The loans due before `day`, by due day: one range read of the index.
/// let due = try reader.rows(LibraryTables.loans, index: LibraryTables.loansByDueDay, .upTo(day))
/// ```
public struct KeyRange: Sendable {
    /// The range's bytes, worked out with the reader's key writer.
    @usableFromInline let encoded: @Sendable (BinaryWriter) throws(LedgerError) -> StoredKeyRange

    private init(_ encoded: @escaping @Sendable (BinaryWriter) throws(LedgerError) -> StoredKeyRange) {
        self.encoded = encoded
    }

    /// Every key.
    public static let all = KeyRange { _ throws(LedgerError) in .all }

    /// The keys starting with `prefix`.
    public static func prefix(_ prefix: some Encodable & Sendable) -> KeyRange {
        KeyRange { writer throws(LedgerError) in StoredKeyRange(prefix: try bytes(of: prefix, writer)) }
    }

    /// The keys from `lower` on, `lower` included.
    public static func from(_ lower: some Encodable & Sendable) -> KeyRange {
        KeyRange { writer throws(LedgerError) in StoredKeyRange(prefix: [], from: try bytes(of: lower, writer), to: nil) }
    }

    /// The keys before `upper`, `upper` excluded.
    public static func upTo(_ upper: some Encodable & Sendable) -> KeyRange {
        KeyRange { writer throws(LedgerError) in StoredKeyRange(prefix: [], from: nil, to: try bytes(of: upper, writer)) }
    }

    /// The keys from `lower` (included) up to `upper` (excluded).
    public static func from(_ lower: some Encodable & Sendable, upTo upper: some Encodable & Sendable) -> KeyRange {
        KeyRange { writer throws(LedgerError) in
            StoredKeyRange(prefix: [], from: try bytes(of: lower, writer), to: try bytes(of: upper, writer))
        }
    }

    /// The keys starting with `prefix` whose fields after it run from `lower` (included) up
    /// to `upper` (excluded), either nil for an open end.
    public static func prefix<Prefix: Encodable & Sendable, Bound: Encodable & Sendable>(
        _ prefix: Prefix, from lower: Bound?, upTo upper: Bound?
    ) -> KeyRange {
        KeyRange { writer throws(LedgerError) in
            StoredKeyRange(
                prefix: try bytes(of: prefix, writer), from: try lower.map { value throws(LedgerError) in try bytes(of: value, writer) },
                to: try upper.map { value throws(LedgerError) in try bytes(of: value, writer) })
        }
    }

    private static func bytes(of value: some Encodable, _ writer: BinaryWriter) throws(LedgerError) -> [UInt8] {
        Array(try BinaryEncoding.encoded(value, with: writer))
    }
}
