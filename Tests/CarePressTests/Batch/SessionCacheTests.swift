import Foundation
import Testing

@testable import CarePress

/// What a session (`carepress serve`) keeps between builds changes how much a rebuild does, never what it writes.
@Suite("Session cache")
struct SessionCacheTests {
    /// A build of the project with a session cache.
    static func options(_ project: TemporaryProject, cache: BuildCache) -> BuildOptions {
        var options = project.ownThemeOptions()
        options.cache = cache
        return options
    }

    @Test func anEditedRecordsNewSummaryReachesTheIndexAndOnlyItIsDecodedAgain() throws {
        let project = try TemporaryProject.generated(copies: 3)
        let cache = BuildCache()
        let first = SiteBuilder.build(Self.options(project, cache: cache))
        #expect(!first.hasErrors, "\(first.diagnostics)")
        let decodedFirst = cache.summaries.decodedCount
        #expect(decodedFirst == first.records)

        let file = "stacks/sw-2026-0001-c1.json"
        let text = try #require(project.read("Content/" + file))
        let name = try #require(text.range(of: #""displayName": "[^"]*""#, options: .regularExpression))
        try project.write(
            "Content/" + file, text.replacingCharacters(in: name, with: #""displayName": "Renamed Patient""#))
        let second = SiteBuilder.build(Self.options(project, cache: cache))
        #expect(!second.hasErrors, "\(second.diagnostics)")
        #expect(second.rendered == 1)
        // Only the edited record's summary is new: every other one is the one decoded before.
        #expect(cache.summaries.decodedCount == decodedFirst + 1)
        #expect(project.read("Output/reports/index.html")?.contains("Renamed Patient") == true)
        #expect(project.read("Output/reports/index-data.js")?.contains("Renamed Patient") == true)
        // What the session wrote is what a build without it writes.
        #expect(SiteBuilder.build(project.ownThemeOptions(force: true)).written == 0)
    }

    @Test func aBrokenLinkInAnIndexPageUsedAgainIsStillReported() throws {
        let project = try TemporaryProject.generated(copies: 1)
        let template = "Templates/reports/index.md.mustache"
        try project.write(template, try #require(project.read(template)) + "\n[Gone](nowhere.html)\n")
        let cache = BuildCache()
        let broken = { (report: BuildReport) in
            report.diagnostics.filter { $0.message.hasPrefix("broken link in reports/index.html") }
        }
        let first = SiteBuilder.build(Self.options(project, cache: cache))
        #expect(broken(first).count == 1, "\(first.diagnostics)")
        // Nothing changed: the page is used again, not checked again, and its broken link is still an error.
        let second = SiteBuilder.build(Self.options(project, cache: cache))
        #expect(cache.indexPages.reusedCount == 1)
        #expect(broken(second) == broken(first))
        #expect(second.hasErrors)
    }
}

/// The decoded summaries a session keeps are updated in place, and bounded.
@Suite("Decoded summaries")
struct DecodedSummariesTests {
    static func stored(_ number: Int) -> (digest: ContentDigest?, stored: BuildManifest.StoredSummary) {
        let summary = ReportSummary(
            kind: .consult, id: "hl-\(number)", title: "Hair loss", patient: "Patient \(number)", status: "Completed",
            detail: "", date: nil, htmlPath: "reports/consults/hl-\(number).html")
        return (ContentDigest("record \(number)"), BuildManifest.StoredSummary(summary))
    }

    @Test func anEditDecodesOneSummaryAndThoseNoLongerUsedGoInTime() {
        let decoded = DecodedSummaries()
        var records = (0..<100).map(Self.stored)
        _ = decoded.summaries(of: records)
        #expect(decoded.decodedCount == 100)
        for edit in 0..<300 {
            // One record edited: a new digest and summary in its place.
            records[edit % 100] = Self.stored(1_000 + edit)
            let summaries = decoded.summaries(of: records)
            #expect(summaries[edit % 100]?.id == "hl-\(1_000 + edit)")
            #expect(decoded.keptCount < 200, "at most as many unused as used")
        }
        #expect(decoded.decodedCount == 400)
        #expect(decoded.summaries(of: records).compactMap { $0?.id } == records.compactMap { $0.stored.summary?.id })
    }
}
