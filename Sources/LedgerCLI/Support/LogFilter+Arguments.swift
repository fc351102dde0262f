import EventLedger

extension LogFilter {
    /// The positions `--from P` and `--to P` name, from the first to the last when left out:
    /// those `log` and `export` print.
    init(positionsIn arguments: Arguments) throws {
        self.init(from: try arguments.number("from") ?? 1, to: try arguments.number("to"))
    }
}
