/// Marks as artifacts (ISO 32000-1 §14.8.2.2) what a page's content stream paints outside any marked-content
/// sequence, so that every text operator is either real content (inside a structure element's marked content) or an
/// artifact (PDF/UA-1 §7.1).
///
/// Skia tags what Chromium paints for the page's HTML; what it paints outside any marked content is what is not in
/// the document: the header and footer Chromium draws from its templates (`PrintDecorations`), and the page's
/// background. Each such text object, painted path, image or shading at marked-content depth 0 is wrapped in
/// `/Artifact BMC … EMC`; a text object that holds marked content itself has its untagged text operators wrapped one
/// by one, so marked content stays nested inside it.
enum PDFArtifacts {
    /// One operator with its operands: the byte range from the first operand through the operator, and the
    /// operator's name packed into an integer (`code`).
    struct Operation {
        var range: Range<Int>
        var name: UInt32
    }

    /// An operator's name as one integer, its bytes big-endian (every operator is at most three bytes; a longer
    /// keyword is `UInt32.max`).
    static func code(_ bytes: some Collection<UInt8>) -> UInt32 {
        bytes.count <= 3 ? bytes.reduce(0) { $0 << 8 | UInt32($1) } : .max
    }

    static func code(_ name: StaticString) -> UInt32 {
        code(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    static let beginText = code("BT")
    static let endText = code("ET")
    static let inlineImage = code("EI")
    static let textShowing = [code("Tj"), code("TJ"), code("'"), code("\"")]
    static let pathStart = [code("m"), code("re")]
    static let endPath = code("n")
    static let pathEnd =
        [code("S"), code("s"), code("f"), code("F"), code("f*"), code("B"), code("B*"), code("b")]
        + [code("b*"), endPath]
    static let beginMarked = [code("BDC"), code("BMC")]
    static let endMarked = code("EMC")
    static let marked = beginMarked + [endMarked]
    static let painting = [code("Do"), code("sh"), inlineImage]

    /// The content stream with its untagged painting wrapped as artifacts, or nil when nothing needed wrapping.
    static func marked(_ content: [UInt8]) -> [UInt8]? {
        let operations = self.operations(content)
        var wraps: [Range<Int>] = []
        var depth = 0
        var index = 0
        while index < operations.count {
            let operation = operations[index]
            let name = operation.name
            if beginMarked.contains(name) {
                depth += 1
            } else if name == endMarked {
                depth = max(0, depth - 1)
            } else if depth > 0 {
                // Tagged content: left as it is.
            } else if name == beginText {
                let end = operations[index...].firstIndex { $0.name == endText } ?? operations.count - 1
                if !operations[index...end].contains(where: { marked.contains($0.name) }) {
                    wraps.append(operation.range.lowerBound..<operations[end].range.upperBound)
                    index = end
                }
            } else if textShowing.contains(name) || painting.contains(name) {
                wraps.append(operation.range)
            } else if pathStart.contains(name),
                let end = operations[index...].firstIndex(where: { pathEnd.contains($0.name) }),
                !operations[index...end].contains(where: { marked.contains($0.name) })
            {
                if operations[end].name != endPath {
                    wraps.append(operation.range.lowerBound..<operations[end].range.upperBound)
                }
                index = end
            }
            index += 1
        }
        guard !wraps.isEmpty else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(content.count + wraps.count * 20)
        var copied = 0
        for range in wraps {
            result.append(contentsOf: content[copied..<range.lowerBound])
            result.append(contentsOf: "/Artifact BMC\n".utf8)
            result.append(contentsOf: content[range])
            result.append(contentsOf: "\nEMC".utf8)
            copied = range.upperBound
        }
        result.append(contentsOf: content[copied...])
        return result
    }

    /// The operations of a content stream, in order. An inline image (`BI … ID data EI`) is one operation, `EI`.
    static func operations(_ content: [UInt8]) -> [Operation] {
        let lexer = PDFLexer(bytes: content)
        var operations: [Operation] = []
        var operandStart: Int?
        var index = lexer.skip(0)
        while index < content.count {
            let end = lexer.objectEnd(index)
            let first = content[index]
            let isKeyword =
                !PDFLexer.isDelimiter(first) && !(0x30...0x39).contains(first) && first != UInt8(ascii: "-")
                && first != UInt8(ascii: "+") && first != UInt8(ascii: ".")
            let word = isKeyword ? code(content[index..<end]) : .max
            if !isKeyword || word == .max {
                if operandStart == nil { operandStart = index }
                index = lexer.skip(end)
                continue
            }
            let start = operandStart ?? index
            operandStart = nil
            if word == code("BI") {
                operandStart = start
                index = lexer.skip(end)
                continue
            }
            if word == code("ID") {
                let imageEnd = inlineImageEnd(content, from: end)
                operations.append(Operation(range: start..<imageEnd, name: inlineImage))
                index = lexer.skip(imageEnd)
                continue
            }
            operations.append(Operation(range: start..<end, name: word))
            index = lexer.skip(end)
        }
        return operations
    }

    /// The end of an inline image's `EI`: the first `EI` after white space and followed by white space or the end.
    private static func inlineImageEnd(_ content: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index + 1 < content.count {
            if content[index] == UInt8(ascii: "E"), content[index + 1] == UInt8(ascii: "I"),
                PDFLexer.isWhitespace(content[index - 1]),
                index + 2 == content.count || PDFLexer.isWhitespace(content[index + 2])
            {
                return index + 2
            }
            index += 1
        }
        return content.count
    }
}
