import CarePressTestSupport
import Testing

@testable import CarePress

/// Area ids become `BodyArea` case names that compile and never collide (the CLI tests compile such a kit).
@Suite("Swift identifiers for area ids")
struct SwiftIdentifierTests {
    @Test(
        "An id becomes a valid name on its own",
        arguments: [
            ("knee", "knee"), ("lower_back", "lowerBack"), ("lower-back", "lowerBack"), ("wrist_hand", "wristHand"),
            ("default", "default_"), ("class", "class_"), ("self", "self_"), ("Self", "self_"), ("Type", "type"),
            ("1st-toe", "_1stToe"), ("42", "_42"), ("id", "id_"), ("displayName", "displayName_"),
            ("allCases", "allCases_"), ("rawValue", "rawValue_"), ("init", "init_"), ("none", "none_"),
            ("\u{819D}", "area"), ("-", "area"), ("kn\u{E9}e", "knE"), ("ACL", "aCL"),
        ])
    func name(id: String, expected: String) {
        #expect(SwiftIdentifier.name(for: id) == expected)
    }

    @Test func collidingIdsGetDistinctNamesInByteOrder() {
        let names = SwiftIdentifier.names(for: ["lower_back", "lower-back", "lower__back", "lowerBack", "default"])
        #expect(
            names == [
                "default": "default_", "lower-back": "lowerBack", "lowerBack": "lowerBack_2",
                "lower__back": "lowerBack_3", "lower_back": "lowerBack_4",
            ])
    }

    /// Hostile ids, in any order, give the same names; each is a valid identifier, not reserved, and unique.
    @Test func namesAreValidUniqueAndIndependentOfOrder() {
        var ids = [
            "default", "class", "lower-back", "lower_back", "lower__back", "lowerBack", "lowerBack_2", "1st", "_1st",
            "self", "Self", "Type", "id", "displayName", "summary", "guidePage", "guideOrder", "allCases", "rawValue",
            "init", "none", "some", "\u{819D}", "\u{819D}\u{819D}", "area", "-", "_", "", "a", "a_", "a__", "A",
        ]
        let names = SwiftIdentifier.names(for: ids)
        var random = SplitMix64(seed: 7)
        for _ in 0..<20 {
            ids.shuffle(using: &random)
            #expect(SwiftIdentifier.names(for: ids) == names)
        }
        #expect(Set(names.values).count == Set(ids).count)
        for name in names.values {
            let scalars = Array(name.unicodeScalars)
            let head: (Unicode.Scalar) -> Bool = { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "_" }
            #expect(head(scalars[0]), "\(name) starts with a letter or _")
            #expect(scalars.allSatisfy { head($0) || ("0"..."9").contains($0) }, "\(name) is ASCII letters, digits, _")
            #expect(!SwiftIdentifier.reserved.contains(name), "\(name) is not reserved")
        }
    }
}
