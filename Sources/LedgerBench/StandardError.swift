#if canImport(Glibc)
import Glibc
#endif

/// Writes `line` and a newline to stderr: progress and errors, kept apart from the table on stdout.
func printError(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
