import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A fresh directory under /tmp, removed with everything in it by `remove()`.
public struct TemporaryDirectory {
    /// The directory's path.
    public let path: String

    /// Creates the directory.
    public init() {
        var template = Array("/tmp/eventledger-test-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(created != nil, "mkdtemp failed")
        path = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
    }

    /// A path inside the directory.
    public func file(_ name: String) -> String { "\(path)/\(name)" }

    /// The names of the files in the directory, sorted.
    public func entries() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// Removes the directory and everything in it.
    public func remove() {
        _ = system("rm -rf '\(path)'")
    }
}
