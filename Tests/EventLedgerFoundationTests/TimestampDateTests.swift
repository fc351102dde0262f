import EventLedger
import EventLedgerFoundation
import Foundation
import Testing

/// `Timestamp` to and from `Date`, to the microsecond.
@Suite struct TimestampDateTests {
    /// The instant of a UTC calendar date and time, computed by Foundation's calendar.
    private static func utc(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0,
        microsecond: Int = 0
    ) throws -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return try #require(calendar.date(from: components)).addingTimeInterval(Double(microsecond) / 1_000_000)
    }

    @Test(arguments: [
        "1970-01-01T00:00:00.000000Z", "1970-01-01T00:00:00.000001Z", "1969-12-31T23:59:59.999999Z",
        "1969-07-20T20:17:40.500000Z", "1900-01-01T00:00:00.000001Z", "1865-04-15T07:22:10.123457Z",
        "2001-01-01T00:00:00.000000Z", "2026-11-29T23:10:00.123456Z", "2137-12-31T23:59:59.999999Z",
        "1730-01-01T00:00:00.000001Z", "2270-12-31T23:59:59.999999Z",
    ])
    func aTimestampRoundTripsThroughADate(_ text: String) throws {
        let timestamp = try #require(Timestamp(iso8601: text))
        #expect(Timestamp(timestamp.date) == timestamp)
        #expect(Timestamp(timestamp.date).description == text)
    }

    @Test func aTimestampIsTheInstantFoundationsCalendarSays() throws {
        #expect(
            try #require(Timestamp(iso8601: "2026-11-29T23:10:00.123456Z")).date
                == (try Self.utc(2026, 11, 29, 23, 10, 0, microsecond: 123_456)))
        #expect(Timestamp(try Self.utc(1969, 12, 31, 23, 59, 59, microsecond: 250_000)).microseconds == -750_000)
        #expect(Timestamp(try Self.utc(1601, 1, 1)).description == "1601-01-01T00:00:00.000000Z")
        #expect(Timestamp(microseconds: 0).date == Date(timeIntervalSince1970: 0))
    }

    @Test func aDateIsTakenToTheNearestMicrosecond() {
        let reference = Timestamp(Date(timeIntervalSinceReferenceDate: 0)).microseconds
        #expect(reference == 978_307_200_000_000)
        #expect(Timestamp(Date(timeIntervalSinceReferenceDate: 0.000_000_4)).microseconds == reference)
        #expect(Timestamp(Date(timeIntervalSinceReferenceDate: 0.000_000_6)).microseconds == reference + 1)
        #expect(Timestamp(Date(timeIntervalSinceReferenceDate: -0.000_000_6)).microseconds == reference - 1)
        #expect(Timestamp(Date(timeIntervalSince1970: -1.000_001)).microseconds == -1_000_001)
    }

    @Test func aDateOutsideTheYears1To9999IsClampedToThem() {
        #expect(Timestamp(Date.distantFuture).description == "4001-01-01T00:00:00.000000Z")
        #expect(Timestamp(Date(timeIntervalSince1970: 1e20)) == Timestamp(microseconds: Timestamp.representable.upperBound))
        #expect(Timestamp(Date(timeIntervalSince1970: -1e20)) == Timestamp(microseconds: Timestamp.representable.lowerBound))
        #expect(Timestamp(Date(timeIntervalSince1970: .infinity)) == Timestamp(microseconds: Timestamp.representable.upperBound))
    }
}
