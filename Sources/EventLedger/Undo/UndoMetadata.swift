/// The metadata every event of an undo commit carries: `undoes`, the number of the commit it undoes.
enum UndoMetadata {
    /// The metadata key.
    static let key = "undoes"

    /// The commit `metadata` names as undone: its `undoes` value when that is a commit number
    /// as the ledger writes it (a whole number from 1, in decimal digits); nil otherwise.
    static func undoneCommit(in metadata: [String: String]) -> UInt64? {
        guard let text = metadata[key], let commit = UInt64(text), commit >= 1, String(commit) == text else { return nil }
        return commit
    }
}
