import CarePressTestSupport
import Foundation
import Testing

/// The built binary on a project whose files are broken on purpose (see Fixtures/broken/EXPECTED.md).
@Suite("carepress check and build on a broken project")
struct BrokenProjectTests {
    static let project = CLI.fixtures.appendingPathComponent("broken")

    /// One located error per planted problem, in the order check prints them (by file, then position).
    static let expectedErrors = [
        "Content/consults/duplicate-b.json:2:9: error: id: duplicate consult id 'hl-2026-0050'",
        "Content/consults/empty.json:1:1: error: file is empty",
        "Content/consults/escape-id.json:2:9: error: id: id '../escape' would escape the output folder",
        "Content/consults/invalid-utf8.json:9:24: error: the file is not valid UTF-8: byte 0xE9 at byte offset 220 does not start a valid character",
        "Content/consults/missing-comma.json:6:3: error: expected ',' or '}' after object member",
        "Content/consults/unknown-option.json:16:17: error: answers.duration: 'gt_2y' is not an option of question 'duration'",
        "Content/consults/unknown-question.json:17:5: error: answers.durration: unknown question 'durration' in schema 'hair-loss'",
        "Content/consults/unknown-schema.json:3:13: error: schema: unknown schema 'hair-los'",
        "Content/consults/wrong-type-age.json:10:12: error: patient.age: expected an integer, found a string",
        "Content/knowledge/conditions/patellar-tendinopathy.yml:3:11: error: bodyArea: unknown body area 'kne'",
        "Content/knowledge/conditions/patellar-tendinopathy.yml:5:10: error: summary: summary has 71 words; at most 60 are allowed",
        "Content/knowledge/exercises/wall-squats.yml:4:31: error: mapping values are not allowed in this context",
        "Content/physio/missing-concern.json:1:1: error: concern: missing required key 'concern'",
        "Content/stacks/unknown-reminder.json:28:23: error: reminders[1].supplementId: reminder names no supplement of this stack: 'zinc'",
    ]

    @Test func checkPrintsOneLocatedErrorPerProblemAndExits1() throws {
        let result = try CLI.run(["check"], in: Self.project)
        let stderr = String(decoding: result.stderr, as: UTF8.self)
        let errors = stderr.split(separator: "\n").filter { $0.contains(": error: ") }.map(String.init)
        #expect(result.status == 1)
        #expect(errors == Self.expectedErrors)
        #expect(!stderr.contains(": warning: "))
        #expect(stderr.contains("    hint: did you mean 'hair-loss'?"))
        #expect(stderr.contains("    hint: did you mean 'knee'?"))
        #expect(result.stdout.isEmpty)
    }

    @Test func buildStillWritesEveryValidRecord() throws {
        let temporary = try TemporaryProject("broken")
        defer { withExtendedLifetime(temporary) {} }
        let output = temporary.url("output")
        let result = try CLI.run(
            ["build", "--templates", CLI.repository.appendingPathComponent("Templates").path, "--output", output.path],
            in: Self.project)
        #expect(result.status == 1)
        let stderr = String(decoding: result.stderr, as: UTF8.self)
        #expect(stderr.split(separator: "\n").filter { $0.contains(": error: ") }.count == Self.expectedErrors.count)
        for report in [
            "consults/hl-2026-0001", "consults/hl-2026-0002", "consults/hl-2026-0050", "physio/pg-2026-0001",
            "stacks/sw-2026-0001",
        ] {
            for ext in ["md", "html"] {
                let path = output.appendingPathComponent("reports/\(report).\(ext)").path
                #expect(FileManager.default.fileExists(atPath: path), "\(report).\(ext) was not written")
            }
        }
        let consults = try FileManager.default.contentsOfDirectory(
            atPath: output.appendingPathComponent("reports/consults").path)
        #expect(
            consults.sorted() == [
                "hl-2026-0001.html", "hl-2026-0001.md", "hl-2026-0002.html", "hl-2026-0002.md", "hl-2026-0050.html",
                "hl-2026-0050.md",
            ])
        let conditions = try FileManager.default.contentsOfDirectory(
            atPath: output.appendingPathComponent("guide/conditions").path)
        #expect(conditions.sorted() == ["non-specific-low-back-pain.html", "patellofemoral-pain-syndrome.html"])
        #expect(
            !FileManager.default.fileExists(
                atPath: output.deletingLastPathComponent().appendingPathComponent("escape.html").path))
    }

    /// No record is lost from the triage: every error is in `build --json`'s `failures`, located as stderr gives it,
    /// and every record file with an error is listed first in the reports index, counted in its count line.
    @Test func everyFailureIsInTheJSONAndEveryFailedRecordFirstInTheIndex() throws {
        let temporary = try TemporaryProject("broken")
        defer { withExtendedLifetime(temporary) {} }
        let output = temporary.url("output")
        let result = try CLI.run(
            [
                "build", "--templates", CLI.repository.appendingPathComponent("Templates").path, "--output",
                output.path, "--json",
            ], in: Self.project)
        #expect(result.status == 1)
        let summary = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let failures = try #require(summary["failures"] as? [[String: Any]])
        let located = failures.map { failure in
            "\(failure["path"] as? String ?? ""):\(failure["line"] as? Int ?? 0):\(failure["column"] as? Int ?? 0): "
                + "error: \(failure["message"] as? String ?? "")"
        }
        #expect(located == Self.expectedErrors)
        let attention = try #require(summary["attention"] as? [String: Int])
        #expect(Set(attention.keys) == ["urgent", "review", "followUp"])

        let index = try String(
            contentsOf: output.appendingPathComponent("reports/index.html"), encoding: .utf8)
        let recordErrors = Self.expectedErrors.filter { !$0.hasPrefix("Content/knowledge/") }
        let files = Set(recordErrors.map { String($0.prefix { $0 != ":" }) })
        #expect(index.contains("\(files.count) records failed and are listed first"))
        let section = try #require(index.range(of: "id=\"section-failed\""))
        for file in files {
            let listed = try #require(index.range(of: "file " + file), "\(file) is not in the index")
            #expect(listed.lowerBound > section.lowerBound)
        }
        for other in ["section-urgent", "section-for-review", "section-follow-up", "section-other-reports"] {
            if let later = index.range(of: "id=\"\(other)\"") { #expect(later.lowerBound > section.lowerBound) }
        }
    }
}

/// `check` as `build` on the broken fixture with a guide page whose links break in every way (issue 40, finding 10):
/// the same located errors, one for one, and `check` writes nothing anywhere.
@Suite("carepress check finds what build finds")
struct CheckAsBuildTests {
    @Test func checkPrintsTheErrorsBuildPrintsAndWritesNothing() throws {
        let temporary = try TemporaryProject("check")
        defer { withExtendedLifetime(temporary) {} }
        let root = temporary.url("root")
        let project = root.appendingPathComponent("project")
        let elsewhere = root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: BrokenProjectTests.project.appendingPathComponent("Content"),
            to: project.appendingPathComponent("Content"))
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("Content/pages"), withIntermediateDirectories: true)
        try Data(
            """
            ---
            title: Links
            ---
            # Links

            [A missing page](missing.html), [outside](../../../../etc/passwd), ![remote](https://example.com/x.png)
            """.utf8
        ).write(to: project.appendingPathComponent("Content/pages/links.md"))
        let theme = ["--templates", CLI.repository.appendingPathComponent("Templates").path]
        func files(_ folder: URL) -> [String: String] {
            var result: [String: String] = [:]
            for case let path as String in FileManager.default.enumerator(atPath: folder.path) ?? .init() {
                let attributes = try? FileManager.default.attributesOfItem(atPath: folder.path + "/" + path)
                result[path] = "\(attributes?[.size] ?? "?") \(attributes?[.modificationDate] ?? "?")"
            }
            return result
        }
        let before = files(root)
        // A temporary folder and a home of its own: check must leave them as empty as it leaves the project.
        let check = try CLI.run(
            ["check", "--output", "Site"] + theme, in: project,
            environment: ["TMPDIR": elsewhere.path, "HOME": elsewhere.path])
        #expect(files(root) == before, "check wrote nothing")
        let build = try CLI.run(["build", "--output", "Site"] + theme, in: project)
        func errors(_ output: CLI.Output) -> [String] {
            String(decoding: output.stderr, as: UTF8.self).split(separator: "\n").filter { $0.contains(": error: ") }
                .map(String.init)
        }
        #expect(check.status == 1 && build.status == 1)
        #expect(errors(check) == errors(build))
        let pageErrors = errors(check).filter { $0.hasPrefix("Site/guide/pages/links.html:") }
        #expect(pageErrors.count == 3, "\(errors(check))")
        #expect(errors(check).count == BrokenProjectTests.expectedErrors.count + 3)
    }
}

/// The command line itself: usage errors, help and the default folders.
@Suite("carepress command line")
struct CommandLineTests {
    @Test(arguments: [
        ["build", "--bogus"], ["frobnicate"], ["check", "extra-argument"], ["match"], ["build", "--output"],
    ])
    func usageErrorsExit2WithAMessage(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 2)
        #expect(String(decoding: result.stderr, as: UTF8.self).contains("Error:"))
        #expect(result.stdout.isEmpty)
    }

    @Test func helpListsTheCommandsAndExits0() throws {
        let result = try CLI.run(["--help"])
        #expect(result.status == 0)
        let text = String(decoding: result.stdout, as: UTF8.self)
        for command in ["build", "check", "match", "markdown"] { #expect(text.contains(command)) }
    }

    @Test func aMissingContentFolderIsAClearError() throws {
        let temporary = try TemporaryProject("empty")
        defer { withExtendedLifetime(temporary) {} }
        let empty = temporary.root
        let result = try CLI.run(["check"], in: empty)
        #expect(result.status == 1)
        #expect(
            String(decoding: result.stderr, as: UTF8.self).contains(
                "Content:1:1: error: no CarePress project here: there is no content folder 'Content'\n    hint: "
                    + "`carepress init` creates a new project in an empty folder; or run from a project's folder, "
                    + "or pass --content DIR"
            ))
    }

    @Test func theSampleProjectChecksCleanApartFromTheTwoPlantedWarnings() throws {
        let result = try CLI.run(["check"], in: CLI.repository)
        #expect(result.status == 0)
        let warnings = String(decoding: result.stderr, as: UTF8.self).split(separator: "\n").filter {
            $0.contains(": warning: ")
        }
        #expect(warnings.count == 2)
    }
}
