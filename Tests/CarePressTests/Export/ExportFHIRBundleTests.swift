import Foundation
import Testing

@testable import CarePress

/// The pieces of the FHIR Bundle export: the attachment hash, the narrative, and site.yml's `fhir.base`.
@Suite("Export: FHIR Bundle")
struct ExportFHIRBundleTests {
    @Test(arguments: [
        ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "84983e441c3bd26ebaae4aa1f95129e5e54670f1"
        ),
        (String(repeating: "a", count: 1000), "291e9a6c66994949b57ba5e650361e98fc36b1ba"),
    ])
    func sha1MatchesTheFIPSVectors(text: String, expected: String) {
        let hex = SHA1.digest(Array(text.utf8)).map { String(format: "%02x", $0) }.joined()
        #expect(hex == expected)
    }

    @Test func theNarrativeKeepsUntrustedTextAsWellFormedText() {
        let text = FHIRNarrative.text(["<script>alert('x')</script> & \u{7}\u{FFFE}\u{202E}"])
        let div = text["div"]
        #expect(
            div
                == .string(
                    #"<div xmlns="http://www.w3.org/1999/xhtml"><p>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; "#
                        + "&amp; \u{FFFD}\u{FFFD}\u{202E}</p></div>"))
        #expect(text["status"] == .string("generated"))
    }

    @Test func namesJoinTheBaseByItsKind() {
        #expect(FHIRNames().fullURL("Patient", "p1") == "urn:carepress:Patient:p1")
        #expect(
            FHIRNames(base: "https://fhir.example.org").fullURL("Patient", "p1")
                == "https://fhir.example.org/Patient/p1")
        #expect(
            FHIRNames(base: "https://fhir.example.org").identifierSystem(.stack) == "https://fhir.example.org/stack")
    }

    @Test func theSiteFHIRBaseIsReadAndCheckedWithALocatedError() throws {
        let project = try TemporaryProject.minimal()
        try project.write("Content/site.yml", Samples.site + "\nfhir:\n  base: https://fhir.example.org/r4/\n")
        #expect(SiteProject.load(from: project.path("Content")).site?.fhirBase == "https://fhir.example.org/r4")
        let lines = Samples.site.split(separator: "\n", omittingEmptySubsequences: false).count
        for (block, message) in [
            ("fhir:\n  base: javascript:alert(1)\n", "fhir.base"),
            ("fhir:\n  base: https://x.org/?q=1\n", "fhir.base"),
            ("fhir:\n  url: https://x.org\n", "fhir"),
        ] {
            try project.write("Content/site.yml", Samples.site + "\n" + block)
            let loaded = SiteProject.load(from: project.path("Content"))
            #expect(loaded.site == nil)
            let error = try #require(loaded.diagnostics.first { $0.severity == .error }, "\(block)")
            #expect(error.file.hasSuffix("site.yml"))
            #expect(error.position.line > lines, "\(error)")
            #expect(error.path.hasPrefix(message), "\(error)")
        }
    }
}
