/// The XMP metadata packet (ISO 16684-1) that declares PDF/UA-1 (`pdfuaid:part 1`) and repeats the document
/// information: `dc:title` is the `/Title`, `dc:language` the catalog's `/Lang`, `pdf:Producer` and
/// `xmp:CreatorTool` the `/Producer` and `/Creator`. No dates: the document information has none either (the
/// normaliser removes them), so the packet is the same for the same page.
enum PDFMetadataPacket {
    static func packet(title: String?, language: String?, producer: String?, creator: String?) -> [UInt8] {
        var description = ""
        if let title {
            description +=
                "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">\(escaped(title))</rdf:li></rdf:Alt>"
                + "</dc:title>\n"
        }
        if let language {
            description += "<dc:language><rdf:Bag><rdf:li>\(escaped(language))</rdf:li></rdf:Bag></dc:language>\n"
        }
        if let producer { description += "<pdf:Producer>\(escaped(producer))</pdf:Producer>\n" }
        if let creator { description += "<xmp:CreatorTool>\(escaped(creator))</xmp:CreatorTool>\n" }
        let text =
            "<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
            + "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n"
            + "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
            + "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\""
            + " xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\" xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\""
            + " xmlns:pdfuaid=\"http://www.aiim.org/pdfua/ns/id/\">\n"
            + description
            + "<pdfuaid:part>1</pdfuaid:part>\n"
            + "</rdf:Description>\n</rdf:RDF>\n</x:xmpmeta>\n<?xpacket end=\"r\"?>"
        return Array(text.utf8)
    }

    /// Text as XML character data: markup escaped, and the characters XML 1.0 forbids left out.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                if value >= 0x20 && !(0xFFFE...0xFFFF).contains(value) { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    /// The text of a PDF string object (`(…)` or `<…>`): UTF-16BE after a byte-order mark, else PDFDocEncoding
    /// (read as Latin-1, which it equals for the characters a title uses).
    static func decodedString(_ raw: ArraySlice<UInt8>) -> String? {
        guard let first = raw.first else { return nil }
        var bytes: [UInt8] = []
        if first == UInt8(ascii: "(") {
            var index = raw.startIndex + 1
            let end = raw.endIndex - 1
            while index < end {
                let byte = raw[index]
                index += 1
                guard byte == UInt8(ascii: "\\"), index < end else {
                    bytes.append(byte)
                    continue
                }
                let escape = raw[index]
                index += 1
                switch escape {
                case UInt8(ascii: "n"): bytes.append(0x0A)
                case UInt8(ascii: "r"): bytes.append(0x0D)
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "b"): bytes.append(0x08)
                case UInt8(ascii: "f"): bytes.append(0x0C)
                case 0x0A: break
                case 0x0D: if index < end, raw[index] == 0x0A { index += 1 }
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var value = Int(escape - 0x30)
                    var digits = 1
                    while digits < 3, index < end, (0x30...0x37).contains(raw[index]) {
                        value = value * 8 + Int(raw[index] - 0x30)
                        index += 1
                        digits += 1
                    }
                    bytes.append(UInt8(value & 0xFF))
                default: bytes.append(escape)
                }
            }
        } else if first == UInt8(ascii: "<") {
            var digits = raw.dropFirst().prefix { $0 != UInt8(ascii: ">") }.compactMap { hexValue($0) }
            if digits.count % 2 == 1 { digits.append(0) }
            for pair in stride(from: 0, to: digits.count, by: 2) { bytes.append(digits[pair] << 4 | digits[pair + 1]) }
        } else {
            return nil
        }
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF {
            var units: [UInt16] = []
            for pair in stride(from: 2, to: bytes.count - 1, by: 2) {
                units.append(UInt16(bytes[pair]) << 8 | UInt16(bytes[pair + 1]))
            }
            return String(decoding: units, as: UTF16.self)
        }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
