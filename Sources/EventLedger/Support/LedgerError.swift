/// The one error type the ledger throws: what kind of failure it was and a message
/// that names the offending line, field, rule, stream or entity.
public struct LedgerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, coarse enough to pick an exit code and to decide whether a retry may help.
    public enum Kind: String, Sendable, Equatable {
        /// A domain rule rejected an event.
        case ruleViolation
        /// A queried entity, stream or session does not exist.
        case notFound
        /// An expected stream version did not match; retrying may succeed.
        case conflict
        /// Malformed or invalid input: JSON, event type, field, argument value.
        case invalidInput
        /// The ledger file cannot be opened, read or written.
        case storage
        /// Stored data failed an integrity check.
        case corruption
    }

    /// The class of failure.
    public var kind: Kind
    /// A human-readable message naming what failed and where.
    public var message: String
    /// For rule violations, the rule that was broken (e.g. "category name must be unique").
    public var rule: String?
    /// The entity, stream or position the error is about, when there is one.
    public var subject: String?
    /// For a failed batch append, the index (from 0) of the event that failed.
    public var eventIndex: Int?

    /// Creates an error of the given kind.
    public init(_ kind: Kind, _ message: String, rule: String? = nil, subject: String? = nil) {
        self.kind = kind
        self.message = message
        self.rule = rule
        self.subject = subject
    }

    /// The message, as printed after `ledger: error: `.
    public var description: String { message }

    /// The same error with `context` (e.g. "line 3") put in front of its message.
    public func prefixed(_ context: String) -> LedgerError {
        var copy = self
        copy.message = "\(context): \(message)"
        return copy
    }

    /// A domain rule violation naming the rule and the entity.
    public static func rule(_ rule: String, entity: String) -> LedgerError {
        LedgerError(.ruleViolation, "rule violated: \(rule) (\(entity))", rule: rule, subject: entity)
    }

    /// Invalid input about one field of a payload.
    public static func invalidField(_ field: String, _ problem: String) -> LedgerError {
        LedgerError(.invalidInput, "field \"\(field)\": \(problem)", subject: field)
    }

    /// Invalid input: a field no one knows, named after the problem (the name may be long).
    public static func unknownField(_ field: String) -> LedgerError {
        LedgerError(.invalidInput, "unknown field \"\(field)\"", subject: field)
    }
}

extension LedgerError {
    /// Runs `body`, whose errors are `LedgerError` though its type does not say so, as typed.
    @usableFromInline
    static func typed<T>(_ body: () throws -> T) throws(LedgerError) -> T {
        do {
            return try body()
        } catch let error as LedgerError {
            throw error
        } catch {
            throw LedgerError(.storage, "\(error)")
        }
    }
}
