import Foundation

/// Runs shell scripts as separate processes at the same time, for concurrency tests.
package enum Workers {
    /// Starts one `/bin/bash -c script` per argument list, waits for all of them, and returns
    /// their exit statuses in the same order. Their output goes to the null device.
    package static func run(script: String, argumentLists: [[String]]) throws -> [Int32] {
        let processes = argumentLists.map { arguments -> Process in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", script, "worker"] + arguments
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            return process
        }
        for process in processes { try process.run() }
        for process in processes { process.waitUntilExit() }
        return processes.map(\.terminationStatus)
    }
}
