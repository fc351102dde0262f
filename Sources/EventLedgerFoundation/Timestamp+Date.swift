import EventLedger
import Foundation

extension Timestamp {
    /// Microseconds from the Unix epoch to 2001-01-01, the instant a `Date` counts from.
    private static let referenceDateMicroseconds: Int64 = 978_307_200_000_000

    /// The instant of `date`, to the nearest microsecond; a date before year 1 or after
    /// year 9999 (or not a number) is taken as the nearest representable instant.
    public init(_ date: Date) {
        let lowest = Double(Self.representable.lowerBound - Self.referenceDateMicroseconds) / 1_000_000
        let highest = Double(Self.representable.upperBound - Self.referenceDateMicroseconds) / 1_000_000
        let interval = date.timeIntervalSinceReferenceDate
        let seconds = interval.isNaN ? lowest : Swift.min(Swift.max(interval, lowest), highest)
        // Whole seconds and their fraction apart, both exact, so no digit is lost to rounding.
        let whole = seconds.rounded(.down)
        let fraction = Int64(((seconds - whole) * 1_000_000).rounded())
        let microseconds = Int64(whole) * 1_000_000 + fraction + Self.referenceDateMicroseconds
        self.init(microseconds: Swift.min(Swift.max(microseconds, Self.representable.lowerBound), Self.representable.upperBound))
    }

    /// The instant as a `Date`, the nearest one it can hold: exact enough to convert back to
    /// this timestamp for instants from about 1730 to 2270.
    public var date: Date {
        Date(timeIntervalSinceReferenceDate: Double(microseconds - Self.referenceDateMicroseconds) / 1_000_000)
    }
}
