import Foundation
import PropertyBased
import Testing

@testable import CarePress

/// Whatever is edited in the knowledge store, an incremental build writes what a clean build writes: every
/// knowledge item a report shows (the known condition, its exercises, the fallback's matches and their red flags,
/// a leaflet's link) is part of that report's digest.
@Suite("Knowledge edits: incremental builds equal clean builds")
struct KnowledgeEditPropertyTests {
    /// A random edit of the store.
    static let edit = zip(
        Gen.int(in: 0...(KnowledgeModel.Edit.kinds - 1)), Gen.int(in: 0...30), Gen.int(in: 0...30)
    ).map { KnowledgeModel.Edit(kind: $0.0, $0.1, $0.2) }

    /// The physio records: without an answer (within an area, and across the guide), with a known condition, with
    /// a condition the store does not have; and two consults, one whose transcript suggests leaflets.
    static let records: [(path: String, text: String)] = [
        (
            "Content/physio/pg-fallback-knee.json",
            physio(
                id: "pg-fallback-knee", concern: "My knee hurts going down stairs and below the kneecap when jumping",
                area: "knee", response: nil)
        ),
        (
            "Content/physio/pg-fallback-any.json",
            physio(id: "pg-fallback-any", concern: "My lower back is stiff after sitting", area: nil, response: nil)
        ),
        (
            "Content/physio/pg-known.json",
            physio(
                id: "pg-known", concern: "Pain on the stairs", area: "knee",
                response: ("Patellofemoral Pain Syndrome", ["Quad Sets", "Step-Downs", "Wall Sits"]))
        ),
        (
            "Content/physio/pg-unknown.json",
            physio(
                id: "pg-unknown", concern: "Pain below the kneecap after jumping and landing", area: "knee",
                response: ("Jumper's Knee Type B", ["Step-Downs", "Step-Downs Plus", "Bridges"]))
        ),
        (
            "Content/physio/pg-unknown-any.json",
            physio(
                id: "pg-unknown-any", concern: "Stiff lower back from sitting at a desk", area: nil,
                response: ("Desk Back", ["Cat Camel", "Bridges", "Back Twists"]))
        ),
        ("Content/consults/hl-leaflets.json", consultWithLeaflets(id: "hl-leaflets")),
        ("Content/consults/hl-plain.json", Samples.consult(id: "hl-plain")),
    ]

    @Test("an incremental build after random knowledge edits writes the bytes a clean build writes")
    func incrementalEqualsClean() async {
        await propertyCheck(count: 5, input: Self.edit.array(of: 1...3)) { edits in
            do {
                try Self.checkIncrementalEqualsClean(after: edits)
            } catch {
                Issue.record("\(edits): \(error)")
            }
        }
    }

    @Test func aRedFlagAddedToAMatchIsShownByAReportWhoseModelNamedAnUnknownCondition() throws {
        let project = try Self.project(KnowledgeModel.start)
        let first = SiteBuilder.build(project.buildOptions())
        #expect(!first.hasErrors, "\(first.diagnostics)")
        var knowledge = KnowledgeModel.start
        knowledge.apply(.addRedFlag(condition: 1, text: 0))
        try knowledge.write(to: project)
        _ = SiteBuilder.build(project.buildOptions())
        let report = try #require(project.read("Output/reports/physio/pg-unknown.html"))
        #expect(report.contains(KnowledgeModel.texts[0]))
    }

    /// Builds the starting project, then after each edit builds incrementally and from nothing, and compares every
    /// file but the manifests, and the diagnostics.
    static func checkIncrementalEqualsClean(after edits: [KnowledgeModel.Edit]) throws {
        var knowledge = KnowledgeModel.start
        let project = try Self.project(knowledge)
        let first = SiteBuilder.build(project.buildOptions(output: "Incremental"))
        #expect(!first.hasErrors, "\(first.diagnostics)")
        for (step, edit) in edits.enumerated() {
            knowledge.apply(edit)
            try knowledge.write(to: project)
            let incremental = SiteBuilder.build(project.buildOptions(output: "Incremental"))
            try? FileManager.default.removeItem(atPath: project.path("Clean"))
            let clean = SiteBuilder.build(project.buildOptions(output: "Clean"))
            let (built, expected) = (project.contents(under: "Incremental"), project.contents(under: "Clean"))
            let context = "after \(edits.prefix(step + 1))"
            #expect(built.keys.sorted() == expected.keys.sorted(), "\(context)")
            let differing = expected.keys.filter { built[$0] != nil && built[$0] != expected[$0] }.sorted()
            #expect(differing.isEmpty, "\(context): \(differing) differ from a clean build")
            #expect(
                incremental.diagnostics.map(\.description) == clean.diagnostics.map(\.description), "\(context)")
        }
    }

    /// A project with the model's knowledge store and the records.
    static func project(_ knowledge: KnowledgeModel) throws -> TemporaryProject {
        let project = try TemporaryProject()
        try project.write("Content/site.yml", Samples.site)
        try project.write("Content/schemas/hair-loss.json", Samples.hairLossSchema)
        try knowledge.write(to: project)
        for record in records { try project.write(record.path, record.text) }
        return project
    }

    /// A physio record, with or without the model's answer.
    static func physio(id: String, concern: String, area: String?, response: (String, [String])?) -> String {
        var fields = [
            "\"id\": \"\(id)\"", "\"createdAt\": \"2026-11-04T07:40:00Z\"", "\"concern\": \"\(concern)\"",
        ]
        if let area { fields.append("\"bodyArea\": \"\(area)\"") }
        if let response {
            let (condition, exercises) = response
            let names = exercises.map { "\"\($0)\"" }.joined(separator: ", ")
            fields.append(
                """
                "response": { "reasoning": "It sounds like it.", "conditionName": "\(condition)",
                  "suggestedExercises": [\(names)], "encouragement": "Keep going." }
                """)
        } else {
            fields.append("\"unavailableReason\": \"The on-device model was not available.\"")
        }
        return "{\n" + fields.joined(separator: ",\n") + "\n}\n"
    }

    /// A consult whose assistant suggested leaflets: known and unknown names, and names the edits may create.
    static func consultWithLeaflets(id: String) -> String {
        let leaflets = [
            "Patellofemoral Pain Syndrome", "Quad Sets", "Added Condition 4", "Step-Downs Plus", "Jumper's Knee",
        ]
        let messages = leaflets.map { #"{ "role": "assistant", "text": "\#($0)", "kind": "leaflet" }"# }
        let consult = Samples.consult(id: id)
        let end = consult.lastIndex(of: "}") ?? consult.endIndex
        return consult[..<end] + ", \"transcript\": [" + messages.joined(separator: ", ") + "]\n}\n"
    }
}
