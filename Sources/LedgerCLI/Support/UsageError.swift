/// A command line that cannot be understood: unknown command or option, missing argument (exit 2).
struct UsageError: Error, CustomStringConvertible {
    let message: String
    let command: String?

    init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    var description: String { message }
}
