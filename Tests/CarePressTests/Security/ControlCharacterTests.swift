import CarePress
import Foundation
import Testing

/// Finding 5 of issue 14: control characters from record values must not reach the terminal raw (a record could
/// forge a diagnostic line or send terminal escapes); and finding 10: file names that are not UTF-8 are shown
/// unambiguously, as escaped bytes, and reported rather than silently mangled.
@Suite("Control characters and odd file names in diagnostics")
struct ControlCharacterTests {
    @Test("DisplayText escapes C0, DEL, C1, bidi controls and line separators, and nothing else")
    func escapes() {
        #expect(DisplayText.escaped("a\u{1B}[31mb\u{7}c\nd\re\tf") == #"a\u{1B}[31mb\u{7}c\nd\re\tf"#)
        #expect(DisplayText.escaped("\u{0}\u{7F}\u{85}\u{9F}") == #"\u{0}\u{7F}\u{85}\u{9F}"#)
        #expect(
            DisplayText.escaped("x\u{202E}y\u{2066}z\u{200F}\u{61C}\u{2028}")
                == #"x\u{202E}y\u{2066}z\u{200F}\u{61C}\u{2028}"#)
        let plain = #"Café e\#u{301} مرحبا 👩‍👩‍👧 \ "quoted""#
        #expect(DisplayText.escaped(plain) == plain)
    }

    @Test("A consult cannot forge a diagnostic line or send terminal escapes")
    func forgedLineIsEscaped() throws {
        let project = try TemporaryProject.minimal()
        let forged = "x\u{1B}[2K\r\nContent/consults/other.json:1:1: error: forged\u{7}"
        let key = String(decoding: try JSONEncoder().encode(forged), as: UTF8.self)
        let json = Samples.consult(
            answers:
                #"{ "areas": ["hairline"], "duration": "gt_1y", "scalp_symptoms": "none", "age_started": 29, "goals": "x", "#
                + key + #": 1 }"#)
        try project.write("Content/consults/c.json", json)
        let site = SiteProject.load(from: project.path("Content"))
        let loaded = RecordLoader(project: site).load(
            RecordFile(kind: .consult, path: project.path("Content/consults/c.json")))
        let text = loaded.diagnostics.map(\.description).joined(separator: "\n")
        #expect(loaded.diagnostics.count == 1)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].hasPrefix("    hint: "), "one diagnostic line and its hint: \(text)")
        #expect(!lines.joined().unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(text.contains(#"unknown question 'x\u{1B}[2K\r\nContent/consults/other.json:1:1: error: forged\u{7}'"#))
        // The value itself is kept: only its display is escaped.
        #expect(loaded.diagnostics[0].message.contains(forged))
    }

    @Test("A hint and a file name are escaped too")
    func hintAndFileEscaped() {
        let diagnostic = Diagnostic(
            .warning, file: "Content/a\nb.json", position: SourcePosition(line: 2, column: 3), path: "k\u{1B}",
            message: "m\u{9B}", hint: "h\r")
        #expect(diagnostic.description == #"Content/a\nb.json:2:3: warning: k\u{1B}: m\u{9B}"# + "\n    hint: h\\r")
    }

    @Test("A file name that is not UTF-8 is shown as escaped bytes, distinctly, and reported as an error")
    func nonUTF8Names() throws {
        #expect(DisplayText.fileName(bytes: Array("café.json".utf8)) == "café.json")
        #expect(DisplayText.fileName(bytes: [0x61, 0xFF, 0x2E, 0x6A]) == #"a\xFF.j"#)
        #expect(DisplayText.fileName(bytes: [0x61, 0xC3]) == #"a\xC3"#)
        #expect(DisplayText.fileName(bytes: [0xE2, 0x80, 0x8F, 0x80]) == #"\u{200F}\x80"#)
        #expect(DisplayText.fileName(bytes: [0x61, 0xFE]) != DisplayText.fileName(bytes: [0x61, 0xFF]))

        let project = try TemporaryProject.minimal()
        try project.write("Content/consults/ok.json", Samples.consult(id: "ok-1"))
        let folder = project.path("Content/consults")
        for byte: UInt8 in [0xFE, 0xFF] {
            let path = Array(folder.utf8) + Array("/bad".utf8) + [byte] + Array(".json".utf8) + [0]
            let descriptor = path.withUnsafeBufferPointer {
                $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
            }
            #expect(descriptor >= 0)
            close(descriptor)
        }
        let site = SiteProject.load(from: project.path("Content"))
        #expect(site.recordFiles.map(\.path) == [folder + "/ok.json"])
        let lines = site.diagnostics.map(\.description)
        #expect(
            lines == [
                folder + #"/bad\xFE.json:1:1: error: the file name is not valid UTF-8, so it is not read"#
                    + "\n    hint: rename it; the bytes that are not UTF-8 are shown as \\xNN",
                folder + #"/bad\xFF.json:1:1: error: the file name is not valid UTF-8, so it is not read"#
                    + "\n    hint: rename it; the bytes that are not UTF-8 are shown as \\xNN",
            ])
    }
}
