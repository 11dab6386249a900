/// What PDF/UA-1 asks of Chromium's tagged PDF that Chromium does not write: its untagged painting (the header,
/// the footer, the background) marked as artifacts (`PDFArtifacts`), and an XMP metadata packet that declares
/// PDF/UA-1 and repeats the document information (`PDFMetadataPacket`), referenced from the catalog's `/Metadata`.
///
/// Both are appended to the file as an incremental update (ISO 32000-1 §7.5.6): the changed content streams, the
/// packet, and the catalog with `/Metadata`, then a cross-reference section and a trailer whose `/Prev` is the
/// original's. Nothing of the original moves. The update depends only on the original's bytes, so the same page
/// gives the same file. A PDF this cannot read (not one classic cross-reference table, or already updated) is
/// returned as it is.
enum PDFAccessibility {
    static func amended(_ bytes: [UInt8]) -> [UInt8] {
        guard let objects = PDFObjects(bytes), let catalogBytes = objects.dictionaryBytes(objects.root) else {
            return bytes
        }
        let catalog = objects.dictionary(objects.root)
        guard catalog["Metadata"] == nil else { return bytes }
        var updates: [(number: Int, body: [UInt8])] = []
        for number in objects.offsets.keys.sorted() {
            for stream in contentStreams(ofPage: number, in: objects) {
                guard let (entries, data) = objects.stream(stream), entries["DecodeParms"] == nil else { continue }
                let decoded: [UInt8]?
                switch entries["Filter"].map(objects.text) {
                case nil: decoded = Array(data)
                case "/FlateDecode"?: decoded = PDFFlate.inflate(data)
                default: decoded = nil
                }
                guard let decoded, let marked = PDFArtifacts.marked(decoded) else { continue }
                let compressed = PDFFlate.deflate(marked)
                updates.append((stream, streamObject("/Filter /FlateDecode", compressed)))
            }
        }
        let info = objects.info.map(objects.dictionary) ?? [:]
        func infoText(_ key: String) -> String? {
            info[key].flatMap { PDFMetadataPacket.decodedString(objects.bytes[$0]) }
        }
        let language = catalog["Lang"].flatMap { PDFMetadataPacket.decodedString(objects.bytes[$0]) }
        let packet = PDFMetadataPacket.packet(
            title: infoText("Title"), language: language, producer: infoText("Producer"),
            creator: infoText("Creator"))
        let metadata = objects.size
        updates.append((metadata, streamObject("/Type /Metadata /Subtype /XML", packet)))
        var newCatalog = Array(catalogBytes.prefix(2))
        newCatalog += Array("/Metadata \(metadata) 0 R\n".utf8)
        newCatalog += catalogBytes.dropFirst(2)
        updates.append((objects.root, newCatalog))
        return appendingUpdate(updates.sorted { $0.number < $1.number }, to: objects, size: metadata + 1)
    }

    /// The content streams of object `number` when it is a page (`/Contents`: one reference or an array of them).
    static func contentStreams(ofPage number: Int, in objects: PDFObjects) -> [Int] {
        let page = objects.dictionary(number)
        guard let type = page["Type"], objects.text(type) == "/Page", let contents = page["Contents"] else {
            return []
        }
        if let single = objects.lexer.referencedObject(contents) { return [single] }
        guard objects.bytes[contents.lowerBound] == UInt8(ascii: "[") else { return [] }
        var streams: [Int] = []
        var index = objects.lexer.skip(contents.lowerBound + 1)
        while index < contents.upperBound - 1, let end = objects.lexer.referenceEnd(after: index) {
            if let stream = objects.lexer.integer(at: index) { streams.append(stream) }
            index = objects.lexer.skip(end)
        }
        return streams
    }

    static func streamObject(_ entries: String, _ data: [UInt8]) -> [UInt8] {
        Array("<<\(entries) /Length \(data.count)>>\nstream\n".utf8) + data + Array("\nendstream".utf8)
    }

    /// The file with the objects appended, a cross-reference section for them and a trailer that chains to the
    /// original's.
    static func appendingUpdate(
        _ updates: [(number: Int, body: [UInt8])], to objects: PDFObjects, size: Int
    ) -> [UInt8] {
        var result = objects.bytes
        if result.last != 0x0A { result.append(0x0A) }
        var offsets: [(Int, Int)] = []
        for (number, body) in updates {
            offsets.append((number, result.count))
            result += Array("\(number) 0 obj\n".utf8) + body + Array("\nendobj\n".utf8)
        }
        let xref = result.count
        var table = "xref\n"
        var index = 0
        while index < offsets.count {
            var end = index + 1
            while end < offsets.count, offsets[end].0 == offsets[end - 1].0 + 1 { end += 1 }
            table += "\(offsets[index].0) \(end - index)\n"
            for (_, offset) in offsets[index..<end] {
                let digits = String(offset)
                table += String(repeating: "0", count: max(0, 10 - digits.count)) + digits + " 00000 n\r\n"
            }
            index = end
        }
        var trailer = "trailer\n<</Size \(size)\n/Root \(objects.root) 0 R\n"
        if let info = objects.info { trailer += "/Info \(info) 0 R\n" }
        result += Array((table + trailer).utf8)
        if let id = objects.id { result += Array("/ID ".utf8) + id + [0x0A] }
        result += Array("/Prev \(objects.startXref)>>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        return result
    }
}
