import FuzzSupport

@testable import CarePress

/// Fuzz target: YAML knowledge files, `site.yml` and page front matter. Any bytes load or give a located
/// `SyntaxError`; what loads holds no more values and no more text than the bounds (aliases expanded), and is decoded
/// as every kind of knowledge file, each rejection reported at a position inside the file. As a page, the body is
/// checked against `MarkdownBounds`, any error inside the file.
func fuzzKnowledgeYAML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzzing.bytes(data, size)
    let text: String
    do {
        text = try SourceText.decode(bytes)
    } catch {
        Invariant.requireLocated([error.position], in: bytes)
        return 0
    }
    if let node = load(text, lineOffset: 0, bytes: bytes) {
        decode(node, bytes: bytes)
    }
    // The same text as a guide page: front matter lines are counted from the top of the file.
    do {
        let parts = try FrontMatter.split(text)
        if let yaml = parts.yaml {
            Invariant.require(parts.yamlStartLine == 2, "front matter starts on line \(parts.yamlStartLine)")
            Invariant.require(parts.bodyStartLine > parts.yamlStartLine, "the body starts before the front matter")
            _ = load(yaml, lineOffset: parts.yamlStartLine - 1, bytes: bytes)
            do {
                try MarkdownBounds.check(parts.body, lineOffset: parts.bodyStartLine - 1)
            } catch {
                Invariant.requireLocated([error.position], in: bytes)
            }
        } else {
            Invariant.require(parts.body == text, "a page without front matter lost text")
        }
    } catch {
        Invariant.requireLocated([error.position], in: bytes)
    }
    return 0
}

/// The YAML as a tree, or nil after checking where its error is.
private func load(_ text: String, lineOffset: Int, bytes: [UInt8]) -> ContentNode? {
    do {
        let node = try YAMLLoader.parse(text, lineOffset: lineOffset)
        let all = positions(in: node)
        Invariant.requireLocated(all, in: bytes)
        // Finding 6 of issue 40: aliases expand to no more than the bounds (every value and key has a position).
        Invariant.require(all.count <= YAMLLoader.maximumNodeCount, "\(all.count) values")
        let size = expandedSize(of: node)
        Invariant.require(size <= YAMLLoader.maximumExpandedSize, "\(size) bytes of text")
        return node
    } catch {
        Invariant.requireLocated([error.position], in: bytes)
        return nil
    }
}

/// Decodes a tree as `site.yml`, a condition, an exercise, and the items of `body-areas.yml` and `phases.yml`.
private func decode(_ node: ContentNode, bytes: [UInt8]) {
    func check<Value>(_ what: String, _ read: (NodeReader) -> Value?) {
        let log = DiagnosticLog(file: "Content/knowledge/fuzz.yml")
        let value = read(NodeReader(log: log))
        Invariant.requireReported(value, log.diagnostics, what)
        Invariant.requireLocated(log.diagnostics.map(\.position), in: bytes)
    }
    check("site.yml") { Site.read(node, $0) }
    check("a condition") { Condition.read(node, $0, source: "Content/knowledge/conditions/fuzz.yml") }
    check("an exercise") { Exercise.read(node, $0, source: "Content/knowledge/exercises/fuzz.yml") }
    for (index, item) in node.elements.enumerated() {
        check("a body area") { BodyArea.read(item, ValuePath.root.index(index), $0) }
        check("a phase") { RecoveryPhase.read(item, ValuePath.root.index(index), $0) }
    }
}

/// The positions of every value and key of a tree.
private func positions(in node: ContentNode) -> [SourcePosition] {
    var result = [node.position]
    switch node.value {
    case .array(let items):
        for item in items { result += positions(in: item) }
    case .object(let members):
        for member in members { result += [member.keyPosition] + positions(in: member.value) }
    default:
        break
    }
    return result
}

/// The bytes of text of a tree: every scalar's text and every key, as the loader counts them.
private func expandedSize(of node: ContentNode) -> Int {
    var size = node.scalarText?.utf8.count ?? 0
    switch node.value {
    case .array(let items):
        for item in items { size += expandedSize(of: item) }
    case .object(let members):
        for member in members { size += member.key.utf8.count + expandedSize(of: member.value) }
    default:
        break
    }
    return size
}
