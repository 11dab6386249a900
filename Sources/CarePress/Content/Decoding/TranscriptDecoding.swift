extension TranscriptMessage {
    /// Reads a transcript array (`transcript.schema.json`).
    static func readAll(_ node: ContentNode, _ path: ValuePath, _ reader: NodeReader) -> [TranscriptMessage]? {
        reader.array(node, path) { node, path in
            guard let object = reader.object(node, path, keys: ["role", "text", "at", "kind"]) else { return nil }
            let role = object.required("role") { $0.choice($1, $2, as: Role.self) }
            let text = object.requiredString("text")
            let at = object.optional("at") { $0.timestamp($1, $2) }
            let kind = object.optional("kind") { $0.choice($1, $2, as: Kind.self) } ?? .text
            guard let role, let text else { return nil }
            return TranscriptMessage(role: role, text: text, at: at, kind: kind)
        }
    }
}
