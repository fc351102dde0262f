import EventLedger
import Favorites
import LedgerTestSupport
import Testing

@Suite struct FavoritesPayloadTests {
    @Test func decodesDishIds() throws {
        let added = try FavoriteAdded(payload: payload(#"{"dishId":"har-gow"}"#))
        #expect(added == FavoriteAdded(dishId: "har-gow"))
        #expect(added.stream == "favorite-har-gow")
        #expect(try added.payload == payload(#"{"dishId":"har-gow"}"#))
        #expect(try FavoriteRemoved(payload: payload(#"{"dishId":"har-gow"}"#)).stream == "favorite-har-gow")
        #expect(FavoriteAdded.createdEntityField == nil)
    }

    @Test func rejectsBadPayloads() {
        expectInvalidField("name") { try FavoriteAdded(payload: payload(#"{"dishId":"har-gow","name":"Har gow"}"#)) }
        expectInvalidField("dishId") { try FavoriteAdded(payload: [:]) }
        expectInvalidField("dishId") { try FavoriteRemoved(payload: payload(#"{"dishId":"har gow"}"#)) }
        expectInvalidField("dishId") { try FavoriteRemoved(payload: payload(#"{"dishId":null}"#)) }
        expectInvalidField("dishId") { try FavoriteAdded(payload: payload(#"{"dishId":12}"#)) }
    }
}
