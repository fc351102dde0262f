import EventLedger
import Foundation

/// What this test process holds for watching a ledger: its watch threads (in /proc/self/task)
/// and its inotify descriptors (in /proc/self/fd). Only these, since other tests of the
/// process start and end threads and files of their own meanwhile.
package struct WatchResources: CustomStringConvertible {
    /// Threads named as the engine names a watch thread.
    package let threads: Int
    /// File descriptors on an inotify instance.
    package let descriptors: Int

    /// The counts now.
    package static func now() -> WatchResources {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        let threads = tasks.filter { task in
            let name = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
            return name?.trimmingCharacters(in: .newlines) == watchThreadName
        }
        let descriptors = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).filter { fd in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")) == "anon_inode:inotify"
        }
        return WatchResources(threads: threads.count, descriptors: descriptors.count)
    }

    /// Whether there are no more threads and descriptors than in `other`.
    package func isWithin(_ other: WatchResources) -> Bool {
        threads <= other.threads && descriptors <= other.descriptors
    }

    package var description: String { "\(threads) watch threads, \(descriptors) inotify descriptors" }
}
