/// Renders rows as left-aligned columns separated by two spaces.
enum TextTable {
    /// The lines of the table: the headings `columns`, then the `rows`, whose cells are
    /// visible text, so no cell can break a line or hide what follows it. A table without
    /// columns (an answer without rows, of a row type that is only `Encodable`) has no lines.
    static func render(columns: [String], rows: [[VisibleText]]) -> [String] {
        guard !columns.isEmpty else { return [] }
        let cells = [columns] + rows.map { $0.map(\.text) }
        var widths = columns.map(\.count)
        for row in cells {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        return cells.map { row in
            var line = ""
            for (index, cell) in row.enumerated() {
                if index == row.count - 1 {
                    line += cell
                } else {
                    line += cell + String(repeating: " ", count: widths[index] - cell.count + 2)
                }
            }
            return line
        }
    }

    /// The lines of the table of `columns` and plain-text `rows`, each cell made visible.
    static func render(columns: [String], rows: [[String]]) -> [String] {
        render(columns: columns, rows: rows.map { $0.map(VisibleText.init) })
    }
}
