/// Renders rows as left-aligned columns separated by two spaces.
enum TextTable {
    static func render(columns: [String], rows: [[String]]) -> [String] {
        var widths = columns.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        return ([columns] + rows).map { row in
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
}
