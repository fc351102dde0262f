import EventLedger

/// A number of the command line that counts from 1 (a position, a commit, a limit): ASCII
/// digits only, from 1 to 2^63-1. A sign, a space or any other notation ("+1", " 1", "1e3",
/// "0x1") makes it no number; nil then.
func countingNumber(_ text: String) -> UInt64? {
    guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
        let value = UInt64(text), value >= 1, value <= UInt64(Int64.max)
    else { return nil }
    return value
}

/// Parses a number option value (1 … 2^63-1); `.invalidInput` naming the option otherwise.
func positiveNumber(_ text: String, option: String) throws -> UInt64 {
    guard let value = countingNumber(text) else {
        throw LedgerError(.invalidInput, "--\(option): expected a whole number from 1 to \(Int64.max), got \"\(text)\"")
    }
    return value
}
