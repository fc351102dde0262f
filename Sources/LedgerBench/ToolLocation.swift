#if canImport(Glibc)
import Glibc
#endif

/// Where the programs ledger-bench runs are found.
enum ToolLocation {
    /// The executable `name` in the directory of ledger-bench itself (a build's bin
    /// directory); nil when there is none.
    static func besideThisProgram(_ name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let program = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = program.lastIndex(of: "/") else { return nil }
        let candidate = "\(program[..<slash])/\(name)"
        return access(candidate, X_OK) == 0 ? candidate : nil
    }

    /// The first executable `name` in `PATH`; nil when there is none.
    static func inPath(_ name: String) -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }
}
