import CarePressTestSupport
import Foundation
import Testing

/// `carepress export` run as a user runs it: exit statuses, what goes to stdout and stderr, and written files.
@Suite("carepress export")
struct ExportCommandTests {
    static let broken = CLI.fixtures.appendingPathComponent("broken/Content").path

    static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    static func json(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func run(_ arguments: [String], stdin: Data = Data()) throws -> CLI.Output {
        try CLI.run(["export"] + arguments, in: CLI.repository, stdin: stdin)
    }

    @Test(arguments: [
        ("Content/consults/hl-2026-0001.json", "consult"), ("Content/physio/pg-2026-0002.json", "physio"),
        ("Content/stacks/sw-2026-0001.json", "stack"), ("Content/schemas/hair-loss.json", "schema"),
    ])
    func theKindIsDetectedAndJSONIsTheDefault(path: String, kind: String) throws {
        let result = try Self.run([path])
        #expect(result.status == 0, "\(Self.text(result.stderr))")
        #expect(result.stderr.isEmpty)
        let document = try Self.json(result.stdout)
        #expect(document["kind"] as? String == kind)
        #expect(document[kind] != nil)
    }

    @Test func aDashReadsStandardInputAndNamesItStdinInDiagnostics() throws {
        let file = CLI.repository.appendingPathComponent("Content/physio/pg-2026-0004.json")
        let bytes = try Data(contentsOf: file)
        let piped = try Self.run(["-", "--format", "json"], stdin: bytes)
        #expect(piped.status == 0)
        let warning = Self.text(piped.stderr)
        #expect(warning.hasPrefix("<stdin>:11:7: warning: response.suggestedExercises[1]: "))
        let named = try Self.run(["Content/physio/pg-2026-0004.json", "--format", "json"])
        #expect(Self.text(named.stderr).hasPrefix("Content/physio/pg-2026-0004.json:11:7: warning: "))
        // The warnings inside the document name the input too; everything else is the same.
        #expect(
            Self.text(piped.stdout).replacingOccurrences(of: "<stdin>", with: "Content/physio/pg-2026-0004.json")
                == Self.text(named.stdout))
    }

    @Test func kindOverridesDetection() throws {
        let result = try Self.run(["--kind", "stack", "Content/physio/pg-2026-0001.json"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(Self.text(result.stderr).contains("Content/physio/pg-2026-0001.json:1:1: error: "))
        #expect(Self.text(result.stderr).contains("minimal"))
    }

    @Test(arguments: ["json", "fhir", "markdown", "html"])
    func aRecordWithErrorsPrintsLocatedErrorsAndNothingOnStdout(format: String) throws {
        let path = Self.broken + "/consults/unknown-option.json"
        let result = try Self.run([path, "--format", format, "--content", Self.broken])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let expected =
            "\(path):16:17: error: answers.duration: 'gt_2y' is not an option of question 'duration'\n    hint: did you mean 'gt_1y'?\n"
        if format == "json" {
            #expect(Self.text(result.stderr) == expected)
        } else {
            // A rendered report also uses the knowledge store, whose planted errors are reported first.
            #expect(Self.text(result.stderr).hasSuffix(expected))
            #expect(Self.text(result.stderr).contains("patellar-tendinopathy.yml:3:11: error: "))
        }
    }

    @Test func aSyntaxErrorOnStandardInputIsLocated() throws {
        let result = try Self.run(
            ["-", "--kind", "consult"], stdin: Data("{\n  \"id\": \"x\"\n  \"schema\": 1 }".utf8))
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(Self.text(result.stderr).hasPrefix("<stdin>:3:3: error: "))
    }

    @Test func aMissingFileIsAContentError() throws {
        let result = try Self.run(["no-such-record.json"])
        #expect(result.status == 1)
        #expect(Self.text(result.stderr).hasPrefix("no-such-record.json:1:1: error: cannot read the file"))
    }

    @Test func anUnknownFormatExitsTwoAndListsTheFormats() throws {
        let result = try Self.run(["Content/consults/hl-2026-0001.json", "--format", "docx"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let message = Self.text(result.stderr)
        // ArgumentParser lists six or more values one to a line.
        for format in ["markdown", "html", "json", "fhir", "fhir-questionnaire", "pdf"] {
            #expect(
                message.contains("\n  - \(format)\n") || message.hasSuffix("\n  - \(format)"), "\(format) in \(message)"
            )
        }
    }

    @Test func theFHIROptionsMakeADocumentAndGoWithFHIROnly() throws {
        let document = try Self.run(["Content/stacks/sw-2026-0001.json", "--format", "fhir", "--fhir-document"])
        #expect(document.status == 0, "\(Self.text(document.stderr))")
        let bundle = try Self.json(document.stdout)
        #expect(bundle["type"] as? String == "document")
        let first = (bundle["entry"] as? [[String: Any]])?.first?["resource"] as? [String: Any]
        #expect(first?["resourceType"] as? String == "Composition")
        let wrong = try Self.run(["Content/stacks/sw-2026-0001.json", "--format", "json", "--with-pdf"])
        #expect(wrong.status == 2 && wrong.stdout.isEmpty)
        #expect(Self.text(wrong.stderr).contains("--with-pdf goes with --format fhir only, not --format json"))
    }

    @Test func anUnknownKindExitsTwoAndListsTheKinds() throws {
        let result = try Self.run(["Content/consults/hl-2026-0001.json", "--kind", "record"])
        #expect(result.status == 2)
        let message = Self.text(result.stderr)
        #expect(message.contains("'consult', 'physio', 'stack' or 'schema'"))
    }

    @Test(arguments: [
        (
            ["Content/physio/pg-2026-0001.json", "--format", "fhir-questionnaire"],
            "valid formats for a physio: markdown, html, json, fhir, pdf"
        ),
        (
            ["Content/stacks/sw-2026-0001.json", "--format", "fhir-questionnaire"],
            "for a stack: markdown, html, json, fhir, pdf"
        ),
        (["Content/schemas/hair-loss.json", "--format", "pdf"], "for a schema: json, fhir-questionnaire"),
        (["Content/schemas/hair-loss.json", "--format", "html"], "for a schema: json, fhir-questionnaire"),
        (
            ["Content/schemas/hair-loss.json", "--kind", "schema", "--format", "markdown"],
            "for a schema: json, fhir-questionnaire"
        ),
        (["Content/consults/hl-2026-0001.json", "--format", "fhir-questionnaire"], "markdown, html, json, fhir, pdf"),
    ])
    func aFormatTheKindCannotTakeExitsTwoWithTheValidFormats(arguments: [String], expected: String) throws {
        let result = try Self.run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let message = Self.text(result.stderr)
        #expect(message.hasPrefix("Error: --format "))
        #expect(message.contains(expected), "\(message)")
        #expect(message.contains("Usage: carepress export"))
    }

    @Test func anUndetectableKindExitsTwoAndAsksForKind() throws {
        let result = try Self.run(["-"], stdin: Data(#"{ "id": "x", "status": "completed" }"#.utf8))
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(Self.text(result.stderr).contains("pass --kind with one of: consult, physio, stack, schema"))
    }

    @Test func outputWritesTheFileAtomicallyAndPrintsNothing() throws {
        let temporary = try TemporaryProject("export")
        defer { withExtendedLifetime(temporary) {} }
        let folder = temporary.url("folder")
        let target = folder.appendingPathComponent("reports/hl-2026-0003.json").path
        let written = try Self.run(["Content/consults/hl-2026-0003.json", "--format", "fhir", "-o", target])
        #expect(written.status == 0, "\(Self.text(written.stderr))")
        #expect(written.stdout.isEmpty)
        let printed = try Self.run(["Content/consults/hl-2026-0003.json", "--format", "fhir"])
        #expect(FileManager.default.contents(atPath: target) == printed.stdout)
        let again = try Self.run(["Content/consults/hl-2026-0003.json", "--format", "json", "--output", target])
        #expect(again.status == 0)
        #expect(
            try Self.json(try #require(FileManager.default.contents(atPath: target)))["kind"] as? String == "consult")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("reports").path)
        #expect(left == ["hl-2026-0003.json"])
    }

    @Test func outputIsNotCreatedWhenTheRecordHasErrors() throws {
        let temporary = try TemporaryProject("export")
        defer { withExtendedLifetime(temporary) {} }
        let folder = temporary.url("folder")
        let target = folder.appendingPathComponent("out.json").path
        let result = try Self.run([
            Self.broken + "/stacks/unknown-reminder.json", "--content", Self.broken, "-o", target,
        ])
        #expect(result.status == 1)
        #expect(Self.text(result.stderr).contains("unknown-reminder.json:28:23: error: reminders[1].supplementId"))
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func aBrokenKnowledgeStoreStopsPhysioExportsButNotStacks() throws {
        let physio = try Self.run([Self.broken + "/physio/pg-2026-0001.json", "--content", Self.broken])
        #expect(physio.status == 1)
        #expect(physio.stdout.isEmpty)
        #expect(Self.text(physio.stderr).contains("knowledge/conditions/patellar-tendinopathy.yml:3:11: error: "))
        let stack = try Self.run([Self.broken + "/stacks/sw-2026-0001.json", "--content", Self.broken])
        #expect(stack.status == 0)
    }
}
