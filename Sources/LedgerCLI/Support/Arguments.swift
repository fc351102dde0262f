/// The options a command accepts.
struct OptionSpec: Sendable {
    /// Options without a value, e.g. `json` for `--json`.
    var flags: Set<String> = []
    /// Options taking one value, e.g. `expect` for `--expect N`.
    var valued: Set<String> = []
    /// Options that may be given several times, e.g. `meta`.
    var repeated: Set<String> = []
}

/// A parsed command line: positional arguments, flags and option values.
struct Arguments {
    private(set) var positionals: [String] = []
    private(set) var flags: Set<String> = []
    private(set) var values: [String: [String]] = [:]

    /// Parses `words` against `spec`; `--name value`, `--name=value` and `--` are understood.
    init(_ words: [String], spec: OptionSpec, command: String) throws {
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            guard !optionsEnded, word.hasPrefix("--"), word.count > 2 else {
                if word == "--" && !optionsEnded { optionsEnded = true } else { positionals.append(word) }
                continue
            }
            var name = String(word.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if spec.flags.contains(name) {
                guard inlineValue == nil else { throw UsageError("option --\(name) takes no value", command: command) }
                flags.insert(name)
            } else if spec.valued.contains(name) || spec.repeated.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < words.count else { throw UsageError("option --\(name) needs a value", command: command) }
                    value = words[index]
                    index += 1
                }
                if spec.valued.contains(name), values[name] != nil {
                    throw UsageError("option --\(name) given twice", command: command)
                }
                values[name, default: []].append(value)
            } else {
                throw UsageError("unknown option --\(name)", command: command)
            }
        }
    }

    /// The single value of `--name`, if given.
    func value(_ name: String) -> String? { values[name]?.last }

    /// The counting number (1 … 2^63-1) `--name` gives, if given; `.invalidInput` naming the
    /// option when it is no such number.
    func number(_ name: String) throws -> UInt64? {
        try value(name).map { try positiveNumber($0, option: name) }
    }

    /// Every value of a repeated option.
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// Whether the flag `--name` was given.
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// Requires between `min` and `max` positional arguments, naming them in the error.
    func requirePositionals(_ names: [String], optional: Int = 0, command: String) throws {
        let required = names.count - optional
        if positionals.count < required {
            throw UsageError("missing argument \(names[positionals.count])", command: command)
        }
        if positionals.count > names.count {
            throw UsageError("unexpected argument \"\(positionals[names.count])\"", command: command)
        }
    }
}
