/// The generated part of docs/benchmarks.md: everything between the `<!-- bench:begin -->`
/// and `<!-- bench:end -->` lines, replaced by a run's Markdown table.
enum BenchmarkTableSection {
    static let begin = "<!-- bench:begin -->"
    static let end = "<!-- bench:end -->"
    /// The file `--readme` rewrites when given no path.
    static let defaultPath = "docs/benchmarks.md"

    /// Replaces the text between the markers in the file at `path` with `markdown`.
    static func rewrite(_ path: String, with markdown: String) throws {
        let text = String(decoding: try TextFile.read(path), as: UTF8.self)
        guard let start = text.firstRange(of: begin), let finish = text.firstRange(of: end), start.upperBound <= finish.lowerBound else {
            throw BenchOptions.UsageError(description: "\(path) has no \(begin) … \(end) section")
        }
        let replaced = text[..<start.upperBound] + "\n" + markdown + "\n" + text[finish.lowerBound...]
        try TextFile.write(Array(replaced.utf8), to: path)
    }
}
