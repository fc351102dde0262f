#if canImport(Glibc)
import Glibc
#endif

/// A fresh directory under /tmp, removed with everything in it by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() {
        var template = Array("/tmp/eventledger-test-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(created != nil, "mkdtemp failed")
        path = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
    }

    /// A path inside the directory.
    func file(_ name: String) -> String { "\(path)/\(name)" }

    func remove() {
        _ = system("rm -rf '\(path)'")
    }
}
