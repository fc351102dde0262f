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

/// The key made a scalar at a time equals the whole name's case mappings, on names mixing
/// scripts, cases, dotless i, final sigma and characters that map to several.
@Suite struct NameOrderScalarTests {
    /// The key as the whole name's mappings give it: lowercased, uppercased, lowercased,
    /// the dotless i kept.
    private func wholeNameKey(_ name: String) -> String {
        name.unicodeScalars.split(separator: "\u{131}", omittingEmptySubsequences: false)
            .map { String(String.UnicodeScalarView($0)).lowercased().uppercased().lowercased() }
            .joined(separator: "\u{131}")
    }

    @Test func aKeyMadeAScalarAtATimeEqualsTheWholeNamesMappings() {
        let alphabet = Array("aZß ẞσςΣﬀİıiIǅǄǆ éÉ\u{301}Ωω日本 ΐΰŉǰ1-Æøĳ\u{345}ͅꭰᏸ𐐀𐐨".unicodeScalars)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2000 {
            var name = String.UnicodeScalarView()
            for _ in 0..<(1 + Int(state % 9)) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                name.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            let text = String(name)
            #expect(NameOrder.key(text) == wholeNameKey(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func anASCIINamesKeyLowercasesItsLettersOnly() {
        let everyASCII = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
        #expect(NameOrder.key(everyASCII) == everyASCII.lowercased())
        #expect(NameOrder.key("@AZ[`az{") == "@az[`az{")
    }
}
