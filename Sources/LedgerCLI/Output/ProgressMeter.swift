#if canImport(Glibc)
import Glibc
#endif

/// Reports the progress of a long operation on standard error (or another descriptor): a
/// redrawn bar when that is a terminal, a plain line every 10 % otherwise, nothing when quiet.
struct ProgressMeter {
    let label: String
    let quiet: Bool
    /// The descriptor written to.
    private let descriptor: Int32
    private let terminal: Bool
    private var lastShown = -1

    /// A meter labelled `label` writing to `descriptor`, standard error unless told otherwise.
    init(label: String, quiet: Bool, descriptor: Int32 = 2) {
        self.label = label
        self.quiet = quiet
        self.descriptor = descriptor
        terminal = isatty(descriptor) != 0
    }

    /// Shows `done` out of `total`.
    mutating func update(_ done: UInt64, of total: UInt64) {
        guard !quiet else { return }
        let percent = total == 0 ? 100 : Int(done * 100 / total)
        if terminal {
            guard percent != lastShown else { return }
            let filled = percent * 30 / 100
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled)
            writeError("\r\(label) [\(bar)] \(percent)% \(done)/\(total) events")
        } else {
            guard percent / 10 != lastShown / 10 || lastShown < 0 else { return }
            writeError("\(label): \(percent)% (\(done)/\(total) events)\n")
        }
        lastShown = percent
    }

    /// Ends the bar's line.
    func finish() {
        if terminal && !quiet { writeError("\n") }
    }

    private func writeError(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    }
}
