import EventLedger

/// The process exit codes: 0 success, 1 rejected by a rule or not found, 2 usage,
/// 3 conflict, 4 invalid input, 5 storage.
enum ExitCode: Int32 {
    case success = 0
    case rejected = 1
    case usage = 2
    case conflict = 3
    case invalidInput = 4
    case storage = 5

    /// The exit code for an error thrown by a command.
    init(for error: any Error) {
        switch error {
        case is UsageError:
            self = .usage
        case let error as LedgerError:
            switch error.kind {
            case .ruleViolation, .notFound: self = .rejected
            case .conflict: self = .conflict
            case .invalidInput: self = .invalidInput
            case .storage, .corruption: self = .storage
            }
        default:
            self = .storage
        }
    }
}
