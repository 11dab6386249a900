import Testing

@testable import CarePress

@Suite("PDF accessibility pass")
struct PDFAccessibilityTests {
    static func text(_ bytes: [UInt8]?) -> String { String(decoding: bytes ?? [], as: UTF8.self) }

    @Test func wrapsUntaggedTextObjectsAndPaintedPathsAsArtifacts() {
        let content = Array(
            """
            q 1 1 1 rg 0 0 10 10 re f Q
            /P <</MCID 0>> BDC BT /F1 9 Tf (tagged) Tj ET EMC
            q 0 0 5 5 re W* n BT /F1 9 Tf (Page 1 of 2) Tj ET Q
            """.utf8)
        let marked = Self.text(PDFArtifacts.marked(content))
        #expect(marked.contains("/Artifact BMC\n0 0 10 10 re f\nEMC"), "the background")
        #expect(marked.contains("/Artifact BMC\nBT /F1 9 Tf (Page 1 of 2) Tj ET\nEMC"), "the footer")
        #expect(marked.contains("/P <</MCID 0>> BDC BT /F1 9 Tf (tagged) Tj ET EMC"), "tagged content is left alone")
        #expect(marked.contains("q 0 0 5 5 re W* n"), "a clipping path paints nothing")
    }

    @Test func operatorsInsideStringsAreText() {
        let content = Array("BT (EMC BT ET \\) BDC) Tj <454D43> Tj [(a) 5 (EMC)] TJ ET".utf8)
        let operations = PDFArtifacts.operations(content).map(\.name)
        #expect(operations == ["BT", "Tj", "Tj", "TJ", "ET"].map { PDFArtifacts.code(Array($0.utf8)) })
        #expect(Self.text(PDFArtifacts.marked(content)).hasPrefix("/Artifact BMC\nBT (EMC"))
    }

    @Test func aTextObjectWithMarkedContentHasItsUntaggedOperatorsWrappedOneByOne() {
        let content = Array("BT /Span <</MCID 3>> BDC (in) Tj EMC (out) Tj ET".utf8)
        let marked = Self.text(PDFArtifacts.marked(content))
        #expect(marked == "BT /Span <</MCID 3>> BDC (in) Tj EMC /Artifact BMC\n(out) Tj\nEMC ET")
    }

    @Test func nothingUntaggedMeansNoChange() {
        #expect(PDFArtifacts.marked(Array("/P <</MCID 0>> BDC BT (a) Tj ET EMC".utf8)) == nil)
    }

    @Test func theXMPPacketEscapesTheTitleAndDeclaresPDFUA() {
        let title = PDFMetadataPacket.decodedString(ArraySlice("(A <b>&\\(x\\) \\303\\251</b>)".utf8))
        #expect(title == "A <b>&(x) \u{C3}\u{A9}</b>")
        let utf16 = PDFMetadataPacket.decodedString(ArraySlice("<FEFF005A00EB>".utf8))
        #expect(utf16 == "Zë")
        let packet = Self.text(
            PDFMetadataPacket.packet(
                title: "</rdf:li><?xpacket end='w'?>", language: "en", producer: "Skia", creator: nil))
        #expect(packet.contains("&lt;/rdf:li&gt;&lt;?xpacket end='w'?&gt;"))
        #expect(packet.contains("<pdfuaid:part>1</pdfuaid:part>"))
        #expect(packet.contains("<rdf:li>en</rdf:li>"))
        #expect(!packet.contains("Date"))
    }

    /// A classic PDF as Skia writes it: one page whose content has a tagged paragraph and an untagged footer.
    static func classicPDF() -> [UInt8] {
        let content = "/P <</MCID 0>> BDC BT (Hello) Tj ET EMC BT (Page 1 of 1) Tj ET"
        let objects = [
            "<</Title (Report \\(1\\))\n/Producer (Skia/PDF m156)>>",
            "<</Type /Catalog\n/Pages 3 0 R\n/Lang (en)>>",
            "<</Type /Pages /Kids [4 0 R] /Count 1>>",
            "<</Type /Page /Parent 3 0 R /Contents 5 0 R>>",
            "<</Length \(content.utf8.count)>> stream\n\(content)\nendstream",
        ]
        var text = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, body) in objects.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(index + 1) 0 obj\n\(body)\nendobj\n"
        }
        let xref = text.utf8.count
        text += "xref\n0 6\n0000000000 65535 f \n"
        for offset in offsets {
            let digits = String(offset)
            text += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
        }
        text += "trailer\n<</Size 6\n/Root 2 0 R\n/Info 1 0 R>>\nstartxref\n\(xref)\n%%EOF\n"
        return Array(text.utf8)
    }

    @Test func appendsAnIncrementalUpdateThatChainsToTheOriginal() throws {
        let original = Self.classicPDF()
        let amended = PDFAccessibility.amended(original)
        #expect(Array(amended.prefix(original.count)) == original, "nothing of the original moves")
        let updated = amended
        let text = Self.text(Array(updated[original.count...]))
        #expect(text.contains("/Prev "))
        #expect(text.contains("/Metadata 6 0 R"))
        #expect(text.contains("<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">Report (1)</rdf:li>"))
        let content = try #require(
            text.range(of: "5 0 obj\n<</Filter /FlateDecode /Length ").map { text[$0.upperBound...] })
        let length = try #require(Int(content.prefix { $0.isNumber }))
        let marker = Array(">>\nstream\n".utf8)
        let object = try #require(Self.firstIndex(of: Array("5 0 obj".utf8), in: updated, from: original.count))
        let dataStart = try #require(Self.firstIndex(of: marker, in: updated, from: object)) + marker.count
        let inflated = Self.text(PDFFlate.inflate(updated[dataStart..<(dataStart + length)]))
        #expect(inflated == "/P <</MCID 0>> BDC BT (Hello) Tj ET EMC /Artifact BMC\nBT (Page 1 of 1) Tj ET\nEMC")
        #expect(PDFAccessibility.amended(amended) == amended, "a PDF already updated is left alone")
    }

    static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        (start...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
