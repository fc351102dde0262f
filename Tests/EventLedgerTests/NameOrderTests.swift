import EventLedger
import Testing

/// The key names and titles order by: equal exactly when the names are equal under
/// Unicode case folding.
@Suite struct NameOrderTests {
    /// Asserts that every name of `names` has one key, and returns it.
    func sharedKey(_ names: [String], sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        let keys = Set(names.map(NameOrder.key))
        #expect(keys.count == 1, "\(names) have keys \(keys)", sourceLocation: sourceLocation)
        return keys.first
    }

    @Test func namesEqualIgnoringCaseShareAKey() {
        #expect(sharedKey(["Echoes", "echoes", "ECHOES"]) == "echoes")
        #expect(sharedKey(["Straße", "STRASSE", "strasse", "STRAẞE"]) == "strasse")
        _ = sharedKey(["ß", "ss", "SS", "ẞ"])
        _ = sharedKey(["ΟΔΟΣ", "οδος", "οδοσ", "Οδος"])
        _ = sharedKey(["ſ", "s", "S"])
        _ = sharedKey(["ﬀ", "ff", "FF"])
        _ = sharedKey(["Ꭰ", "ꭰ"])
    }

    @Test func namesDifferentIgnoringCaseHaveDifferentKeys() {
        #expect(NameOrder.key("ı") != NameOrder.key("i"))
        #expect(NameOrder.key("Kırmızı") == "kırmızı")
        #expect(NameOrder.key("ss") != NameOrder.key("s"))
        #expect(NameOrder.key("apple") < NameOrder.key("Echoes"))
        #expect(NameOrder.key("echoes") < NameOrder.key("Zebra"))
    }

    @Test func canonicallyEquivalentSpellingsAreNotMerged() {
        #expect(NameOrder.key("\u{E9}") == "\u{E9}")
        #expect(Array(NameOrder.key("E\u{301}").unicodeScalars) == ["e", "\u{301}"])
    }
}
