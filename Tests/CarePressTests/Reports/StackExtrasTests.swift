import CarePress
import CarePressTestSupport
import Foundation
import Testing

/// The stack report never contradicts itself: a supplement in the daily schedule is never listed as "not in the
/// plan", however its name is spelt, and no supplement taken outside the counted doses goes unmentioned.
@Suite("Stack reports: supplements taken outside the plan")
struct StackExtrasTests {
    /// Supplements, each with the spellings an app might give the same one (case, spacing, punctuation).
    static let names: [[String]] = [
        ["Vitamin D3", "vitamin d3", "Vitamin D-3", "VITAMIN  D3."],
        ["Omega-3 (algal oil)", "omega 3 algal-oil", "OMEGA3 ALGAL OIL"],
        ["Magnesium glycinate", "magnesium  glycinate", "Magnesium-Glycinate"],
        ["L-theanine", "L theanine", "l-Theanine"],
        ["Zinc", "zinc."],
        ["Ginkgo biloba", "ginkgo-biloba"],
    ]

    /// A reader's key for a name: its letters and digits, lower-cased.
    static func key(_ name: String) -> String {
        name.lowercased().unicodeScalars.filter(CharacterSet.alphanumerics.contains).map(String.init).joined()
    }

    /// A random stack: 1 to 3 essential and 0 to 3 optional supplements, some stopped, some sharing a name in
    /// another spelling; random reminders; a tracking log of random days.
    static func stack(using random: inout SplitMix64) -> [String: Any] {
        var ids: [String] = []
        func supplement() -> [String: Any] {
            let id = "s\(ids.count)"
            ids.append(id)
            let name = names.randomElement(using: &random)?.randomElement(using: &random) ?? "Zinc"
            return StackReportTests.supplement(
                id, name, timing: [["AM"], ["Lunch"], ["PM"], ["Night"], ["AM", "PM"]].randomElement(using: &random)!,
                active: Int.random(in: 0..<4, using: &random) > 0)
        }
        let minimal = (0..<Int.random(in: 1...3, using: &random)).map { _ in supplement() }
        let optional = (0..<Int.random(in: 0...3, using: &random)).map { _ in supplement() }
        let reminders: [[String: Any]] = ids.filter { _ in Bool.random(using: &random) }.map {
            ["supplementId": $0, "time": "08:00", "enabled": Bool.random(using: &random)]
        }
        let tracking: [[String: Any]] = (1...Int.random(in: 1...6, using: &random)).map { day in
            ["date": "2026-11-0\(day)", "taken": ids.filter { _ in Bool.random(using: &random) }]
        }
        return [
            "id": "sw-1", "user": ["displayName": "Riley", "goals": ["sleep"]], "minimal": minimal,
            "optional": optional, "reminders": reminders, "tracking": tracking,
        ]
    }

    /// The names of a list line (`- **Label:** A on 1 day and B on 2 days`), without the day counts.
    static func listed(_ markdown: String, label: String) -> [String] {
        guard
            let line = markdown.components(separatedBy: "\n").first(where: { $0.hasPrefix("- **\(label):** ") })
        else { return [] }
        let items = line.dropFirst("- **\(label):** ".count).replacingOccurrences(of: "\\", with: "")
            .replacingOccurrences(of: " and ", with: ", ").components(separatedBy: ", ")
        return items.map { $0.components(separatedBy: " on ").dropLast().joined(separator: " on ") }
    }

    @Test(arguments: 0..<40)
    func theNotInThePlanListNeverNamesASupplementOfTheDailySchedule(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let fixture = try ReportFixture.minimal()
        let stack = Self.stack(using: &random)
        try fixture.write(.stack, "a", stack)
        let build = fixture.build()
        #expect(!build.hasErrors, "\(build.diagnostics)")
        let markdown = try fixture.report("stacks/sw-1.md")
        let schedule =
            (markdown.components(separatedBy: "## Daily schedule").last ?? "")
            .components(separatedBy: "## Essential supplements").first ?? ""
        let scheduled = Set(
            schedule.components(separatedBy: "\n").filter { $0.hasPrefix("- **") }.compactMap {
                $0.dropFirst(4).components(separatedBy: "**,").first
            }.map { Self.key($0.replacingOccurrences(of: "\\", with: "")) })
        let notInPlan = Self.listed(markdown, label: "Also taken, not in the plan")
        for name in notInPlan {
            #expect(!scheduled.contains(Self.key(name)), "“\(name)” is in the daily schedule: \(markdown)")
        }
        #expect(Set(notInPlan.map(Self.key)).count == notInPlan.count, "each supplement once: \(notInPlan)")
        // Nothing taken outside the counted doses goes unmentioned: each is in one of the two lists.
        let all = (stack["minimal"] as? [[String: Any]] ?? []) + (stack["optional"] as? [[String: Any]] ?? [])
        let minimal = Set((stack["minimal"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        let reminded = Set(
            (stack["reminders"] as? [[String: Any]] ?? []).filter { $0["enabled"] as? Bool == true }
                .compactMap { $0["supplementId"] as? String })
        let taken = Set((stack["tracking"] as? [[String: Any]] ?? []).flatMap { $0["taken"] as? [String] ?? [] })
        let notCounted = Self.listed(markdown, label: "Taken but not counted above")
        let mentioned = Set((notInPlan + notCounted).map(Self.key))
        for supplement in all {
            let id = supplement["id"] as? String ?? ""
            let active = supplement["active"] as? Bool ?? true
            let counted = active && (minimal.contains(id) || reminded.contains(id))
            guard taken.contains(id), !counted, let name = supplement["name"] as? String else { continue }
            #expect(mentioned.contains(Self.key(name)), "“\(name)” was taken outside the plan: \(markdown)")
        }
    }
}
