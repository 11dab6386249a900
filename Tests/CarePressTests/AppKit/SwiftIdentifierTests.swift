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

    /// The issue's case: `lower__back` added beside `lower_back` takes a suffix; `lower_back` keeps `lowerBack`,
    /// whichever sorts first.
    @Test func anAddedCollidingIdTakesTheSuffixNeverTheExistingName() {
        let first = SwiftIdentifier.assign(["knee", "lower_back"], keeping: [:])
        #expect(first.names == ["knee": "knee", "lower_back": "lowerBack"])
        let second = SwiftIdentifier.assign(["knee", "lower_back", "lower__back", "lower-back"], keeping: first.names)
        #expect(
            second.names == [
                "knee": "knee", "lower_back": "lowerBack", "lower-back": "lowerBack_2", "lower__back": "lowerBack_3",
            ])
        #expect(second.retired.isEmpty)
    }

    /// A removed id's name is held, so that no other id takes it (the app's `.lowerBack` would silently mean another
    /// area); the id gets it back if it returns.
    @Test func aRemovedIdsNameIsHeldAndGivenBackWhenItReturns() {
        let first = SwiftIdentifier.assign(["lower_back"], keeping: [:])
        let second = SwiftIdentifier.assign(["lower__back"], keeping: first.names)
        #expect(second.names == ["lower__back": "lowerBack_2"])
        #expect(second.retired == ["lower_back": "lowerBack"])
        let third = SwiftIdentifier.assign(
            ["lower__back", "lower_back"], keeping: second.names.merging(second.retired) { $1 })
        #expect(third.names == ["lower__back": "lowerBack_2", "lower_back": "lowerBack"])
        #expect(third.retired.isEmpty)
    }

    /// Names read back from a kit's manifest are untrusted text: only a name the id could have been given (its own
    /// name, or that name with a suffix `_2`, `_3`, ...) is kept, once; anything else is named afresh.
    @Test func recordedNamesAnIdCannotHaveAreNotKept() {
        let recorded = [
            "knee": "knee; import Evil", "hip": "lowerBack", "ankle": "ankle_02", "wrist": "wrist_1",
            "neck": "neck_", "lower-back": "lowerBack", "lower_back": "lowerBack", "default": "default",
            "elbow": "elbow_7",
        ]
        let assigned = SwiftIdentifier.assign(
            ["knee", "hip", "ankle", "wrist", "neck", "lower-back", "lower_back", "default", "elbow"],
            keeping: recorded)
        #expect(
            assigned.names == [
                "knee": "knee", "hip": "hip", "ankle": "ankle", "wrist": "wrist", "neck": "neck",
                "lower-back": "lowerBack", "lower_back": "lowerBack_2", "default": "default_", "elbow": "elbow_7",
            ])
    }

    /// Property: over random histories of kits (ids added, including ones that collide with existing names, ids
    /// removed, removed ids coming back), every id keeps the name it was first given, no name ever goes to a second
    /// id, and every name is a valid, unreserved identifier.
    @Test func everyIdKeepsItsNameWhateverIsAddedOrRemoved() {
        let words = ["lower", "back", "knee", "hip", "default", "1st", "class", "id", "a", "ACL", "self", "\u{819D}"]
        let separators = ["_", "-", "__", ".", "", " ", "-_", "/"]
        var random = SplitMix64(seed: 40_17)
        func randomID() -> String {
            let count = Int.random(in: 1...2, using: &random)
            var parts = (0..<count).map { _ in words.randomElement(using: &random) ?? "a" }
            if Bool.random(using: &random) { parts[0] = parts[0].capitalized }
            return parts.joined(separator: separators.randomElement(using: &random) ?? "_")
        }
        for _ in 0..<300 {
            var ids = Set((0..<Int.random(in: 1...6, using: &random)).map { _ in randomID() })
            var recorded: [String: String] = [:]
            // Every name any id was ever given, and the id it went to.
            var given: [String: String] = [:]
            for _ in 0..<5 {
                let assigned = SwiftIdentifier.assign(ids, keeping: recorded)
                #expect(Set(assigned.names.keys) == ids)
                for (id, name) in assigned.names {
                    if let owner = given[name] {
                        #expect(owner == id, "'\(name)' went to '\(owner)', then to '\(id)'")
                    }
                    given[name] = id
                    #expect(!SwiftIdentifier.reserved.contains(name))
                    let scalars = Array(name.unicodeScalars)
                    #expect(scalars.first.map { !("0"..."9").contains($0) } == true)
                    #expect(
                        scalars.allSatisfy {
                            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                                || $0 == "_"
                        })
                }
                for (id, name) in recorded where ids.contains(id) {
                    #expect(assigned.names[id] == name, "'\(id)' was '\(name)', now '\(assigned.names[id] ?? "")'")
                }
                #expect(Set(assigned.names.values).count == ids.count)
                #expect(Set(assigned.retired.keys).isDisjoint(with: ids))
                let next = assigned.names.merging(assigned.retired) { current, _ in current }
                // Nothing once recorded is forgotten.
                #expect(Set(recorded.keys).isSubset(of: Set(next.keys)))
                recorded = next
                // Next kit: some ids removed, some added (new ones, often colliding; or removed ones coming back).
                for id in ids.shuffled(using: &random).prefix(Int.random(in: 0...2, using: &random)) {
                    ids.remove(id)
                }
                for _ in 0..<Int.random(in: 0...3, using: &random) {
                    if Bool.random(using: &random), let back = recorded.keys.sorted().randomElement(using: &random) {
                        ids.insert(back)
                    } else {
                        ids.insert(randomID())
                    }
                }
            }
        }
    }
}
