/// A query's answer as a table: its title, column headings and rows.
struct QueryTable: Equatable, Sendable {
    /// The line above the table, if any.
    let title: String?
    /// The column headings.
    let columns: [String]
    /// The rows, a text per column.
    let rows: [[String]]
}
