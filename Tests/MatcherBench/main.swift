import CarePress
import Foundation

// `make bench-matcher`: the matcher's time per concern (a benchmark, never a test). The concerns are those of
// Tests/MatcherEvaluation; the stores are the sample one (Content/) and one of 1,000 conditions generated from its
// words, read through the same lexicon. Goals (issue 38): at most 1 ms a concern with the sample store, 5 ms with
// the generated one.

let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let knowledge = SiteProject.load(from: repository.appendingPathComponent("Content").path).knowledge

/// Every concern of the evaluation set: the text after the tab of a .tsv line, or a whole .txt line.
func concerns() -> [String] {
    let folder = repository.appendingPathComponent("Tests/MatcherEvaluation")
    var result: [String] = []
    for name in ["concerns.tsv", "emergencies.tsv", "ordinary.txt"] {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) else { continue }
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            result.append(line.split(separator: "\t", maxSplits: 1).last.map(String.init) ?? "")
        }
    }
    return result
}

/// A deterministic generator (SplitMix64), so the generated store is the same on every run.
struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}

/// `count` conditions whose names, aliases and keywords are phrases of the sample store's keywords' words.
func generatedStore(count: Int) -> [MatcherIndex.Source] {
    let words = Array(Set(knowledge.conditions.flatMap { $0.keywords.flatMap { $0.split(separator: " ") } })).map(
        String.init
    ).sorted()
    let areas = knowledge.areas.map(\.id)
    var generator = Generator(state: 38)
    func phrase() -> String {
        (0..<(1 + generator.next(4))).map { _ in words[generator.next(words.count)] }.joined(separator: " ")
    }
    return (0..<count).map { n in
        let name = "Generated Condition \(n) " + phrase()
        return MatcherIndex.Source(
            name: name, slug: "generated-\(n)", area: areas[generator.next(areas.count)], areaName: nil,
            summary: "A generated condition.", aliases: [phrase()], keywords: (0..<15).map { _ in phrase() })
    }
}

/// The median over `rounds` of the time to match every concern once, per concern, in milliseconds.
func time(_ matcher: ConditionMatcher, _ concerns: [String], rounds: Int) -> Double {
    var samples: [Double] = []
    var sink = 0
    for _ in 0..<rounds {
        let start = DispatchTime.now().uptimeNanoseconds
        for concern in concerns { sink &+= matcher.matches(for: concern).count }
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(concerns.count))
    }
    if sink == -1 { print(sink) }
    return samples.sorted()[samples.count / 2]
}

let list = concerns()
let sample = ConditionMatcher(knowledge: knowledge)
let generated = ConditionMatcher(
    index: MatcherIndex(
        conditions: knowledge.matcherSources + generatedStore(count: 1_000 - knowledge.conditions.count),
        lexicon: knowledge.lexicon))
let small = time(sample, list, rounds: 9)
let large = time(generated, list, rounds: 5)
func format(_ ms: Double) -> String { String(format: "%.3f ms", ms) }
print("matcher benchmark: \(list.count) concerns of Tests/MatcherEvaluation, median of several rounds")
print(
    "  sample store (\(knowledge.conditions.count) conditions): \(format(small)) a concern (goal 1 ms): \(small <= 1 ? "met" : "MISSED")"
)
print(
    "  generated store (\(generated.index.entries.count) conditions): \(format(large)) a concern (goal 5 ms): \(large <= 5 ? "met" : "MISSED")"
)
exit(small <= 1 && large <= 5 ? 0 : 1)
