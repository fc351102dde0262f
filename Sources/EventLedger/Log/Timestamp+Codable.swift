extension Timestamp: Codable {
    /// Decodes microseconds since 1970-01-01T00:00:00Z, within `representable`.
    public init(from decoder: any Decoder) throws {
        let microseconds = try decoder.singleValueContainer().decode(Int64.self)
        guard Timestamp.representable.contains(microseconds) else {
            throw LedgerError.invalidField(decoder.codingPath.fieldName, "\(microseconds) microseconds is outside years 1 to 9999")
        }
        self.init(microseconds: microseconds)
    }

    /// Encodes microseconds since 1970-01-01T00:00:00Z: exact, and ordered as time is.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(microseconds)
    }
}
