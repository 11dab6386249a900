extension PhysioRecommendation {
    /// Reads a physio record against `physio.schema.json`; the checks against the knowledge store come later.
    static func read(_ node: ContentNode, _ reader: NodeReader, source: String) -> PhysioRecommendation? {
        guard
            let object = reader.object(
                node, .root,
                keys: ["id", "createdAt", "concern", "bodyArea", "response", "unavailableReason", "transcript"])
        else { return nil }
        let id = object.required("id") { $0.recordID($1, $2) }
        let createdAt = object.optional("createdAt") { $0.timestamp($1, $2) }
        let concern = object.requiredString("concern")
        if let length = concern?.unicodeScalars.count, length > RecordLimits.maximumConcernLength {
            reader.log.error(
                "the concern is \(length) characters long; a concern may have at most \(RecordLimits.maximumConcernLength)",
                at: object.position(of: "concern"), path: object.path.key("concern"),
                hint: "the matcher reads a concern in a patient's words, not a document; see formats/README.md, Limits")
        }
        let response = object.optional("response") { reader, node, path -> Response? in
            guard
                let response = reader.object(
                    node, path, keys: ["reasoning", "conditionName", "suggestedExercises", "encouragement"])
            else { return nil }
            let reasoning = response.requiredString("reasoning")
            let conditionName = response.requiredString("conditionName")
            let exercises = response.required("suggestedExercises") { reader, node, path in
                reader.array(node, path) { node, path -> (name: String, position: SourcePosition)? in
                    reader.string(node, path).map { ($0, node.position) }
                }
            }
            let encouragement = response.requiredString("encouragement")
            guard let reasoning, let conditionName, let exercises, let encouragement else { return nil }
            return Response(
                reasoning: reasoning, conditionName: conditionName,
                conditionPosition: response.position(of: "conditionName"), suggestedExercises: exercises,
                encouragement: encouragement)
        }
        let transcript = object.optional("transcript") { TranscriptMessage.readAll($1, $2, $0) } ?? []
        guard let id, let concern else { return nil }
        if object["response"] != nil && response == nil {
            return nil
        }
        return PhysioRecommendation(
            id: id, createdAt: createdAt, concern: concern, bodyArea: object.optionalString("bodyArea"),
            response: response, unavailableReason: object.optionalString("unavailableReason"), transcript: transcript,
            source: source, idPosition: object.position(of: "id"))
    }
}
