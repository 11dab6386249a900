import Foundation
import Testing

@testable import CarePress

/// A nightly build that changes nothing sums up the warnings it had before in one line, and keeps what it remembers
/// of them inside the output folder, never following a link planted there.
@Suite("Warnings unchanged since the last build")
struct WarningsSeenTests {
    /// A project whose build has one warning: its `site.yml` names no clinic.
    static func projectWithAWarning() throws -> TemporaryProject {
        let project = try TemporaryProject.minimal()
        try project.write(
            "Content/site.yml",
            "title: Recovery Guide\nlanguage: en\ndisclaimer: This is educational guidance only, not medical advice.\n")
        return project
    }

    @Test func aWarningSeenInTheLastBuildIsSummedUpAndANewOneIsPrinted() throws {
        let project = try Self.projectWithAWarning()
        let options = project.buildOptions()
        let first = SiteBuilder.build(options)
        #expect(first.diagnostics.contains { $0.severity == .warning })
        let shownFirst = WarningsSeen.sort(first, outputPath: options.outputPath)
        #expect(shownFirst.print == first.diagnostics && shownFirst.summary == nil)

        let second = SiteBuilder.build(options)
        let shownSecond = WarningsSeen.sort(second, outputPath: options.outputPath)
        let warnings = second.diagnostics.filter { $0.severity == .warning }.count
        #expect(warnings >= 1 && !second.hasErrors)
        #expect(shownSecond.print.isEmpty && shownSecond.unchanged == warnings)
        #expect(
            shownSecond.summary
                == "\(warnings) warning\(warnings == 1 ? "" : "s"), unchanged since the last build; `--verbose` lists them"
        )
        #expect(WarningsSeen.sort(second, outputPath: options.outputPath, verbose: true).print == second.diagnostics)
    }

    @Test func aLinkPlantedAtTheTemporaryNameIsNotFollowed() throws {
        let project = try Self.projectWithAWarning()
        let options = project.buildOptions()
        let first = SiteBuilder.build(options)
        _ = WarningsSeen.sort(first, outputPath: options.outputPath)
        let outside = project.path("outside.txt")
        let planted = options.outputPath + "/.carepress/warnings.tmp-\(getpid())"
        try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: outside)
        // Another warning, so the file is written again.
        try project.write("Content/consults/notes.txt", "not a record\n")
        let report = SiteBuilder.build(options)
        let before = first.diagnostics.filter { $0.severity == .warning }.count
        #expect(report.diagnostics.filter { $0.severity == .warning }.count > before, "\(report.diagnostics)")
        let shown = WarningsSeen.sort(report, outputPath: options.outputPath)
        #expect(!FileManager.default.fileExists(atPath: outside), "the planted link was followed out of Output/")
        #expect(shown.unchanged == before)
        let kept = try String(contentsOfFile: options.outputPath + "/.carepress/warnings", encoding: .utf8)
        #expect(kept.split(separator: "\n").count == report.diagnostics.filter { $0.severity == .warning }.count)
    }
}
