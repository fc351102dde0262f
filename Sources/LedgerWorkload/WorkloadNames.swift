/// The names and titles the generator writes: plain ASCII most of the time, Unicode
/// (accents, ß, Cyrillic, CJK, Hangul) now and then, and sometimes padded with spaces
/// the ledger trims away.
enum WorkloadNames {
    static let artists = [
        "Sigur Rós", "Björk", "Mötley Crüe", "Motörhead", "Beyoncé", "Ólafur Arnalds", "Røyksopp",
        "Café Tacvba", "Sinéad O'Connor", "Ali Farka Touré", "Rosalía", "Hildur Guðnadóttir", "Múm",
        "Édith Piaf", "Françoise Hardy", "坂本龍一", "Кино", "방탄소년단", "Amadou & Mariam",
        "Nina Simone", "Miles Davis", "Pink Floyd", "Radiohead", "Daft Punk", "Portishead",
        "Massive Attack", "Kraftwerk", "Fela Kuti", "Caetano Veloso", "Aphex Twin", "Stromae",
        "Boards of Canada", "Queen", "Nirvana", "The Beatles", "Talking Heads",
    ]

    static let words = [
        "Blue", "Moon", "Ghost", "Glass", "Velvet", "Harbor", "Electric", "Silent", "Golden", "Paper",
        "River", "Summer", "Winter", "Echo", "Signal", "Neon", "Sky", "Fire", "Stone", "Wild", "Heart",
        "Light", "Dream", "Road", "Rain", "Star", "Night", "Morning", "Tide", "Wire", "Garden",
        "Río", "Über", "Nacht", "Lumière", "Désir", "Sehnsucht", "Hoppípolla", "Jóga", "Corazón",
        "Ça Va", "Fjöll", "Straße", "Ночь", "夜", "Zoë",
    ]

    static let animals = [
        "Lion", "Tiger", "Kiwi", "Axolotl", "Fennec", "Okapi", "Quokka", "Pangolin", "Capybara",
        "Wombat", "Puffin", "Lynx", "Otter", "Bison", "Gecko", "Heron", "Ibis", "Jaguar", "Koala",
        "Lemur", "Narwhal", "Ocelot", "Pika", "Quetzal", "Raven", "Sloth", "Tapir", "Walrus", "Yak",
        "Zebra", "Élan", "Ñandú", "Vicuña", "Faucon pèlerin", "Eichhörnchen", "Медведь", "狐",
    ]

    static let categories = [
        "Mammals", "Birds", "Reptiles", "Amphibians", "Fish", "Insects", "Arachnids", "Molluscs",
        "Primates", "Rodents", "Raptors", "Felines", "Canines", "Ungulates", "Marsupials", "Cetaceans",
        "Säugetiere", "Vögel", "Straßentiere", "Oiseaux", "Poissons", "Птицы", "Рыбы", "鳥類",
    ]

    /// An artist name: a known one or two words.
    static func artist(using random: inout SplitMix64) -> String {
        Bool.random(using: &random) ? pick(artists, &random) : phrase(words: 2, using: &random)
    }

    /// A song title of one to three words.
    static func title(using random: inout SplitMix64) -> String {
        phrase(words: Int.random(in: 1...3, using: &random), using: &random)
    }

    /// An animal name, sometimes with a word before it.
    static func animal(using random: inout SplitMix64) -> String {
        let name = pick(animals, &random)
        return Int.random(in: 0..<4, using: &random) == 0 ? "\(pick(words, &random)) \(name)" : name
    }

    /// A category name: a group of animals, often numbered, so that there are enough distinct ones.
    static func category(using random: inout SplitMix64, upTo number: Int) -> String {
        let base = pick(categories, &random)
        return Int.random(in: 0..<4, using: &random) == 0 ? base : "\(base) \(Int.random(in: 2...number, using: &random))"
    }

    /// `name` in another case now and then: upper, lower, or as it is.
    static func recased(_ name: String, using random: inout SplitMix64) -> String {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: name.uppercased()
        case 1: name.lowercased()
        default: name
        }
    }

    /// `name` as given in a payload: once in 25 times with spaces around it, which the ledger trims.
    static func padded(_ name: String, using random: inout SplitMix64) -> String {
        Int.random(in: 0..<25, using: &random) == 0 ? "  \(name) " : name
    }

    private static func phrase(words count: Int, using random: inout SplitMix64) -> String {
        (0..<count).map { _ in pick(words, &random) }.joined(separator: " ")
    }

    private static func pick(_ names: [String], _ random: inout SplitMix64) -> String {
        names[Int.random(in: 0..<names.count, using: &random)]
    }
}
