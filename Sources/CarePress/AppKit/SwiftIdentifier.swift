/// Valid, collision-free Swift identifiers for ids of the knowledge store (the cases of the app's `BodyArea`).
///
/// An id becomes lower camel case from its ASCII letters and digits (`lower_back` and `lower-back` → `lowerBack`);
/// other characters separate words. A name that would start with a digit gets a leading `_` (`1st` → `_1st`); a
/// reserved word, or a member the generated enum already has (`id`, `displayName`, `rawValue`, ...), gets a trailing
/// `_` (`default` → `default_`); an id with nothing usable becomes `area`. When two ids give the same name, the
/// first in byte order keeps it and the others get `_2`, `_3`, ... (a suffix no id can produce by itself, since
/// words are joined without separators), so a name depends only on the set of ids, never on their order.
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

    /// A name for each id, valid as a Swift identifier and unique among them.
    public static func names(for ids: some Sequence<String>) -> [String: String] {
        let sorted = Set(ids).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        var names: [String: String] = [:]
        var taken = Set<String>()
        for id in sorted {
            let base = name(for: id)
            var candidate = base
            var suffix = 2
            while taken.contains(candidate) {
                candidate = "\(base)_\(suffix)"
                suffix += 1
            }
            taken.insert(candidate)
            names[id] = candidate
        }
        return names
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
