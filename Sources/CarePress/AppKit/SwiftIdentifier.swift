/// Valid, collision-free Swift identifiers for ids of the knowledge store (the cases of the app's `BodyArea`), that
/// stay the same from one kit to the next.
///
/// An id becomes lower camel case from its ASCII letters and digits (`lower_back` and `lower__back` → `lowerBack`);
/// other characters separate words. A name that would start with a digit gets a leading `_` (`1st` → `_1st`); a
/// reserved word, or a member the generated enum already has (`id`, `displayName`, `rawValue`, ...), gets a trailing
/// `_` (`default` → `default_`); an id with nothing usable becomes `area`. When two ids give the same name, one keeps
/// it and the others get `_2`, `_3`, ... (a suffix no id can produce by itself, since words are joined without
/// separators).
///
/// Which one keeps it is what the app's code depends on (`.lowerBack` must go on meaning the same area), so names
/// are assigned against those an earlier kit recorded (`kit.json`, see `KitManifest`), by `assign(_:keeping:)`:
/// 1. every recorded name is kept by its id, present or not (a removed id's name is held, so that no other id takes
///    it, and is given back if the id returns), provided the id could have been given it (its own name, or that name
///    with a suffix from `_2`; a recorded name is untrusted text) and no id earlier in byte order recorded it too;
/// 2. every other id, in byte order of the ids, gets its own name, or that name with the lowest suffix from `_2`
///    that no id holds.
/// So an id that had a name keeps it, whatever ids arrive later: a new id gets the suffix, never an old one. With
/// nothing recorded (a first kit) that is byte order alone, the rule of kits before names were recorded, so a kit
/// made by an earlier CarePress keeps its names as long as its ids are the same; its names are then recorded.
/// No rule over the ids of one kit alone could do better: given only `lower_back` and `lower__back`, nothing says
/// which came first. Without its `kit.json`, a kit is named afresh by that rule.
public enum SwiftIdentifier {
    /// Words Swift reserves, or keeps for itself in some positions, plus the members of the generated enum.
    static let reserved: Set<String> = [
        // Declarations, statements, expressions and types (The Swift Programming Language, "Lexical Structure").
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
        "self", "Self", "super", "throws", "true", "try", "_",
        // Keywords reserved in particular contexts.
        "actor", "any", "associativity", "async", "consume", "convenience", "copy", "didSet", "discard", "distributed",
        "dynamic", "each", "final", "get", "indirect", "infix", "isolated", "lazy", "left", "macro", "mutating",
        "none", "nonmutating", "optional", "override", "postfix", "precedence", "prefix", "Protocol", "required",
        "right", "sending", "set", "some", "Type", "unowned", "weak", "willSet",
        // Members of the generated `BodyArea` (and of the protocols it adopts) that a case must not shadow.
        "id", "displayName", "summary", "guidePage", "guideOrder", "allCases", "rawValue", "hashValue", "hash",
        "description", "debugDescription",
    ]

    /// The names of a kit's ids: those of the ids it has, and those held for ids that earlier kits had.
    public struct Assignment: Sendable, Hashable {
        /// A name for each id, valid as a Swift identifier and unique among them and the held ones.
        public var names: [String: String]
        /// The recorded names kept for ids that are not there now, so that no other id takes them.
        public var retired: [String: String]
    }

    /// A name for each id, valid as a Swift identifier and unique among them, with nothing recorded before.
    public static func names(for ids: some Sequence<String>) -> [String: String] {
        assign(ids, keeping: [:]).names
    }

    /// A name for each id, keeping the names `recorded` by an earlier kit (id to name, for the ids it had and those
    /// it held); see the rule above.
    public static func assign(_ ids: some Sequence<String>, keeping recorded: [String: String]) -> Assignment {
        let current = Set(ids)
        var assignment = Assignment(names: [:], retired: [:])
        var taken = Set<String>()
        for (id, name) in recorded.sorted(by: { inByteOrder($0.key, $1.key) })
        where canHave(name, id: id) && !taken.contains(name) {
            taken.insert(name)
            if current.contains(id) { assignment.names[id] = name } else { assignment.retired[id] = name }
        }
        for id in current.sorted(by: inByteOrder) where assignment.names[id] == nil {
            let base = name(for: id)
            var candidate = base
            var suffix = 2
            while taken.contains(candidate) {
                candidate = "\(base)_\(suffix)"
                suffix += 1
            }
            taken.insert(candidate)
            assignment.names[id] = candidate
        }
        return assignment
    }

    /// Whether `name` is one that `id` could have been given: its own name, or that name with a suffix `_2`, `_3`,
    /// ... (digits, no leading zero). Any other name, read back from a kit, is not used.
    public static func canHave(_ name: String, id: String) -> Bool {
        let base = self.name(for: id)
        if name == base { return true }
        guard name.hasPrefix(base + "_") else { return false }
        let suffix = name.dropFirst(base.count + 1)
        guard let first = suffix.first, first != "0", suffix.count <= 9,
            suffix.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(suffix)
        else { return false }
        return number >= 2
    }

    /// Whether one id comes before another, byte for byte.
    private static func inByteOrder(_ first: String, _ second: String) -> Bool {
        first.utf8.lexicographicallyPrecedes(second.utf8)
    }

    /// The name an id becomes on its own, before collisions are resolved.
    public static func name(for id: String) -> String {
        var words: [String] = []
        var current = ""
        for scalar in id.unicodeScalars {
            if scalar.isASCII
                && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar))
            {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        guard let first = words.first else { return "area" }
        var name = lowercasedFirst(first) + words.dropFirst().map(uppercasedFirst).joined()
        if let leading = name.unicodeScalars.first, ("0"..."9").contains(leading) { name = "_" + name }
        if reserved.contains(name) { name += "_" }
        return name
    }

    private static func lowercasedFirst(_ word: String) -> String {
        word.prefix(1).lowercased() + word.dropFirst()
    }

    private static func uppercasedFirst(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }
}
