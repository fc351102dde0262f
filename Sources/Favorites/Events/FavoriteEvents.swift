import EventLedger

/// A dish becomes a favourite; it must not be one already.
public struct FavoriteAdded: DomainEvent, Equatable {
    /// `FavoriteAdded`.
    public static let typeName = "FavoriteAdded"

    /// The dish's id.
    public let dishId: String

    /// A `FavoriteAdded` event.
    public init(dishId: String) {
        self.dishId = dishId
    }

    /// Decodes and validates a payload.
    public init(payload: [String: JSONValue]) throws {
        let reader = try PayloadReader(payload, allowedFields: ["dishId"])
        try self.init(dishId: reader.id("dishId"))
    }

    /// `favorite-⟨dishId⟩`.
    public var stream: String { FavoritesStreams.favorite(dishId) }

    /// `dishId`.
    public var payload: [String: JSONValue] { ["dishId": .string(dishId)] }
}

/// A dish stops being a favourite; it must be one.
public struct FavoriteRemoved: DomainEvent, Equatable {
    /// `FavoriteRemoved`.
    public static let typeName = "FavoriteRemoved"

    /// The dish's id.
    public let dishId: String

    /// A `FavoriteRemoved` event.
    public init(dishId: String) {
        self.dishId = dishId
    }

    /// Decodes and validates a payload.
    public init(payload: [String: JSONValue]) throws {
        let reader = try PayloadReader(payload, allowedFields: ["dishId"])
        try self.init(dishId: reader.id("dishId"))
    }

    /// `favorite-⟨dishId⟩`.
    public var stream: String { FavoritesStreams.favorite(dishId) }

    /// `dishId`.
    public var payload: [String: JSONValue] { ["dishId": .string(dishId)] }
}
