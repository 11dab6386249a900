import CarePress
import Foundation
import Testing

/// What `Exporter.export` accepts, refuses and reports, on small projects written by the tests.
@Suite("Export: kinds, checks and diagnostics")
struct ExporterTests {
    static let physio = """
        { "id": "pg-1", "concern": "My knee hurts on stairs", "bodyArea": "knee",
          "response": { "reasoning": "Stairs.", "conditionName": "patellofemoral pain syndrome",
                        "suggestedExercises": ["Quad Sets", "Step-Downs", "Moon Walk"], "encouragement": "Go on." } }
        """

    static let stack = """
        { "id": "sw-1", "user": { "displayName": "Riley" },
          "minimal": [ { "id": "mag", "name": "Magnesium", "purpose": "Sleep", "dose": "200 mg", "timing": ["Night"],
                         "evidence": "B" } ] }
        """

    static func input(_ text: String) -> ExportInput { .standardInput(Array(text.utf8)) }

    static func options(_ project: TemporaryProject, _ format: ExportFormat = .json, kind: ExportKind? = nil)
        -> ExportOptions
    {
        ExportOptions(
            format: format, kind: kind, contentPath: project.path("Content"),
            templatesPath: TemporaryProject.defaultTemplates)
    }

    @Test(arguments: [
        (Samples.consult(), ExportKind.consult), (physio, .physio), (stack, .stack), (Samples.hairLossSchema, .schema),
    ])
    func theKindIsDetectedFromTheKeys(text: String, kind: ExportKind) throws {
        let project = try TemporaryProject.minimal()
        let result = try Exporter.export(Self.input(text), options: Self.options(project))
        #expect(result.kind == kind)
        #expect(result.succeeded, "\(result.diagnostics)")
    }

    @Test(arguments: ["{ \"id\": \"x\" }", "[]", "{ \"concern\": \"x\", \"user\": {}, \"minimal\": [] }"])
    func anUndetectableKindIsAUsageErrorThatListsTheKinds(text: String) throws {
        let project = try TemporaryProject.minimal()
        #expect {
            try Exporter.export(Self.input(text), options: Self.options(project))
        } throws: { error in
            let message = (error as? ExportUsageError)?.message ?? ""
            return message.contains("<stdin>") && message.contains("--kind")
                && message.contains("consult, physio, stack, schema")
        }
    }

    @Test func aGivenKindOverridesDetection() throws {
        let project = try TemporaryProject.minimal()
        // Read as a physio record, a consult has the wrong keys: a content error, not a usage error.
        let result = try Exporter.export(Self.input(Samples.consult()), options: Self.options(project, kind: .physio))
        #expect(result.kind == .physio)
        #expect(!result.succeeded)
        #expect(result.diagnostics.contains { $0.severity == .error && $0.message.contains("concern") })
    }

    @Test(arguments: [
        (physio, ExportFormat.fhirQuestionnaire, "markdown, html, json, fhir, pdf"),
        (stack, .fhirQuestionnaire, "markdown, html, json, fhir, pdf"),
        (Samples.hairLossSchema, .markdown, "json, fhir-questionnaire"),
        (Samples.hairLossSchema, .pdf, "json, fhir-questionnaire"),
        (Samples.consult(), .fhirQuestionnaire, "markdown, html, json, fhir, pdf"),
    ])
    func aFormatTheKindCannotTakeIsAUsageErrorListingTheValidOnes(text: String, format: ExportFormat, valid: String)
        throws
    {
        let project = try TemporaryProject.minimal()
        for kind in [nil, ExportKind.candidates(for: try JSONParser.parse(Array(text.utf8))).first] {
            #expect {
                try Exporter.export(Self.input(text), options: Self.options(project, format, kind: kind))
            } throws: { error in
                (error as? ExportUsageError)?.message.hasSuffix(valid) == true
            }
        }
    }

    @Test func aRecordWithErrorsGivesNoDocumentAndLocatedErrors() throws {
        let project = try TemporaryProject.minimal()
        let text = Samples.consult(answers: #"{ "areas": ["hairline", "crwn"], "duration": "gt_1y" }"#)
        for format in ExportKind.consult.formats {
            let result = try Exporter.export(Self.input(text), options: Self.options(project, format))
            #expect(result.document == nil)
            let error = try #require(result.diagnostics.first { $0.message.contains("'crwn'") })
            #expect(error.file == "<stdin>")
            #expect(error.position == SourcePosition(line: 6, column: 38))
            #expect(error.path == "answers.areas[1]")
            #expect(error.hint == "did you mean 'crown'?")
        }
    }

    @Test func aSyntaxErrorIsLocatedInTheNamedFile() throws {
        let project = try TemporaryProject.minimal()
        try project.write("record.json", "{ \"id\": \"x\",\n  \"schema\": }")
        let result = try Exporter.export(.file(project.path("record.json")), options: Self.options(project))
        #expect(result.document == nil)
        #expect(result.diagnostics.map(\.file) == [project.path("record.json")])
        #expect(result.diagnostics.first?.position.line == 2)
    }

    @Test func warningsComeBackWithTheDocumentAndInIt() throws {
        let project = try TemporaryProject.minimal()
        let result = try Exporter.export(Self.input(Self.physio), options: Self.options(project))
        let document = try #require(result.document)
        #expect(result.diagnostics.map(\.severity) == [.warning])
        #expect(result.diagnostics.first?.path == "response.suggestedExercises[2]")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(document)) as? [String: Any])
        let validation = try #require(json["validation"] as? [String: Any])
        #expect(
            (validation["warnings"] as? [[String: Any]])?.first?["path"] as? String == "response.suggestedExercises[2]")
        #expect(validation["valid"] as? Bool == true)
    }

    @Test func aMissingContentFolderIsReportedAloneForRecordsThatNeedIt() throws {
        let options = ExportOptions(format: .json, contentPath: "/nonexistent/Content")
        let physio = try Exporter.export(Self.input(Self.physio), options: options)
        #expect(physio.document == nil)
        #expect(
            physio.diagnostics.map(\.message) == [
                "no CarePress project here: there is no content folder '/nonexistent/Content'"
            ])
        // A stack is checked against itself only, and a schema has no project at all.
        #expect(try Exporter.export(Self.input(Self.stack), options: options).succeeded)
        #expect(try Exporter.export(Self.input(Samples.hairLossSchema), options: options).succeeded)
    }

    @Test func aConsultOfABrokenQuestionnaireShowsTheQuestionnaireErrors() throws {
        let project = try TemporaryProject.minimal()
        try project.write(
            "Content/schemas/hair-loss.json",
            Samples.hairLossSchema.replacingOccurrences(of: "\"age_started\" }", with: "\"nowhere\" }"))
        let result = try Exporter.export(Self.input(Samples.consult()), options: Self.options(project))
        #expect(result.document == nil)
        #expect(
            result.diagnostics.contains {
                $0.file.hasSuffix("schemas/hair-loss.json") && $0.message.contains("nowhere")
            })
        #expect(result.diagnostics.contains { $0.file == "<stdin>" && $0.message.contains("has errors") })
    }

    @Test func brokenKnowledgeFailsPhysioButNotStacks() throws {
        let project = try TemporaryProject.minimal()
        try project.write("Content/knowledge/exercises/broken.yml", "name: [")
        let physio = try Exporter.export(Self.input(Self.physio), options: Self.options(project))
        #expect(physio.document == nil)
        #expect(
            physio.diagnostics.filter { $0.severity == .error }.map { ($0.file as NSString).lastPathComponent } == [
                "broken.yml"
            ])
        #expect(physio.diagnostics.contains { $0.file == "<stdin>" && $0.message.contains("Moon Walk") })
        #expect(try Exporter.export(Self.input(Self.stack), options: Self.options(project)).succeeded)
    }

    @Test func aSchemaIsCheckedAsTheBuildChecksIt() throws {
        let project = try TemporaryProject.minimal()
        let looping = Samples.hairLossSchema.replacingOccurrences(
            of: #""type": "freeText" }"#, with: #""type": "freeText", "next": [ { "goto": "areas" } ] }"#)
        let result = try Exporter.export(Self.input(looping), options: Self.options(project, .fhirQuestionnaire))
        #expect(result.document == nil)
        #expect(result.diagnostics.contains { $0.message.hasPrefix("the flow can loop") })
    }

    @Test func writingToAFileIsAtomicAndLeavesNoTemporaryFile() throws {
        let project = try TemporaryProject()
        try Exporter.write(Array("first\n".utf8), toFile: project.path("out/report.json"))
        try Exporter.write(Array("second\n".utf8), toFile: project.path("out/report.json"))
        #expect(project.read("out/report.json") == "second\n")
        #expect(project.files(under: "out") == ["report.json"])
        #expect(throws: OutputWriter.Failure.self) {
            try FileManager.default.createDirectory(
                atPath: project.path("out/folder.json"), withIntermediateDirectories: true)
            try Exporter.write(Array("x".utf8), toFile: project.path("out/folder.json"))
        }
        #expect(project.files(under: "out") == ["report.json"])
    }
}
