/// The FHIR resources of physio records and supplement stacks.
///
/// - A physio record is a `CarePlan` (intent `proposal`: suggestions, not an order): `description` the
///   patient's concern in their own words; the condition the model named only as a note, "possible cause, not a
///   diagnosis", and only when the knowledge store has it (by the store's name); the exercises as activities, an
///   exercise the store has coded by its guide slug, one it does not (a name the model invented) as text only.
/// - A stack is one `MedicationStatement` per supplement (self-reported: `informationSource` the Patient):
///   status `active`, or `intended` for one not taken yet; the name as text (never coded); the dose as the
///   dosage's text and the timing as `EventTiming` codes; the tracking log summed up in a note (see
///   `FHIRStackTracking`).
enum FHIRPhysioStack {
    /// The CarePlan of a physio record.
    static func carePlan(
        _ physio: PhysioRecommendation, knowledge: KnowledgeStore, names: FHIRNames, patient: String
    ) -> JSONValue {
        var lines = ["Concern: \(physio.concern)"]
        var notes: [JSONValue] = []
        var activities: [JSONValue] = []
        if let response = physio.response {
            if let condition = knowledge.condition(matching: response.conditionName) {
                let note = "Possible cause, not a diagnosis: \(condition.name)"
                lines.append(note)
                notes.append(.object([("text", .string(note))]))
            }
            for exercise in response.suggestedExercises {
                var detail: [(String, JSONValue)] = []
                if let known = knowledge.exercise(matching: exercise.name) {
                    detail.append(
                        (
                            "code",
                            .object([
                                (
                                    "coding",
                                    .array([
                                        .object([
                                            ("system", .string(names.name("exercise"))),
                                            ("code", .string(Slug.make(known.name))), ("display", .string(known.name)),
                                        ])
                                    ])
                                ),
                                ("text", .string(known.name)),
                            ])
                        ))
                }
                detail.append(("status", .string("not-started")))
                detail.append(("description", .string(exercise.name)))
                lines.append("Exercise: \(exercise.name)")
                activities.append(.object([("detail", .object(detail))]))
            }
        } else if let reason = physio.unavailableReason {
            lines.append("No personalised answer: \(reason)")
        }
        var members: [(String, JSONValue)] = [
            ("resourceType", .string("CarePlan")),
            ("id", .string(FHIRNames.resourceID(physio.id))),
            ("text", FHIRNarrative.text(lines)),
            ("identifier", .array([identifier(names, .physio, physio.id)])),
            ("status", .string("active")),
            ("intent", .string("proposal")),
            ("title", .string("Recovery suggestions")),
            ("description", physio.concern.isEmpty ? .null : .string(physio.concern)),
            ("subject", .object([("reference", .string(patient))])),
        ]
        if let created = physio.createdAt { members.append(("created", .string(FHIRNames.dateTime(created)))) }
        if !activities.isEmpty { members.append(("activity", .array(activities))) }
        if !notes.isEmpty { members.append(("note", .array(notes))) }
        return .object(members.filter { $0.1 != .null })
    }

    /// One MedicationStatement per supplement, minimal ones first.
    static func medicationStatements(_ stack: SupplementStack, names: FHIRNames, patient: String) -> [JSONValue] {
        stack.supplements.enumerated().map { number, supplement in
            let status = supplement.active ? "active" : "intended"
            let timing = supplement.timing.map { timing -> String in
                switch timing {
                case .morning: "MORN"
                case .lunch: "CD"
                case .evening: "EVE"
                case .night: "NIGHT"
                }
            }
            var dosage: [(String, JSONValue)] = supplement.dose.isEmpty ? [] : [("text", .string(supplement.dose))]
            if !timing.isEmpty {
                dosage.append(
                    ("timing", .object([("repeat", .object([("when", .array(timing.map(JSONValue.string)))]))])))
            }
            var lines = [
                "\(supplement.name): \(supplement.dose)",
                "Taken: "
                    + (supplement.timing.isEmpty
                        ? "no time given" : supplement.timing.map(\.rawValue).joined(separator: ", ")),
                "Status: \(status)",
            ]
            if !supplement.purpose.isEmpty { lines.append("Purpose: \(supplement.purpose)") }
            let tracking = FHIRStackTracking.summary(supplement, in: stack)
            if let tracking { lines.append(tracking) }
            var members: [(String, JSONValue)] = [
                ("resourceType", .string("MedicationStatement")),
                ("id", .string(FHIRNames.resourceID("\(stack.id)-supplement-\(number + 1)"))),
                ("text", FHIRNarrative.text(lines)),
                ("identifier", .array([identifier(names, .stack, "\(stack.id)/\(supplement.id)")])),
                ("status", .string(status)),
                (
                    "medicationCodeableConcept",
                    .object([("text", .string(supplement.name.isEmpty ? supplement.id : supplement.name))])
                ),
                ("subject", .object([("reference", .string(patient))])),
            ]
            if let created = stack.createdAt { members.append(("dateAsserted", .string(FHIRNames.dateTime(created)))) }
            members.append(("informationSource", .object([("reference", .string(patient))])))
            if !supplement.purpose.isEmpty {
                members.append(("reasonCode", .array([.object([("text", .string(supplement.purpose))])])))
            }
            let notes = supplement.cautions.filter { !$0.isEmpty } + (tracking.map { [$0] } ?? [])
            members.append(("note", .array(notes.map { .object([("text", .string($0))]) })))
            if !dosage.isEmpty { members.append(("dosage", .array([.object(dosage)]))) }
            return .object(members.filter { $0.1 != .array([]) })
        }
    }

    private static func identifier(_ names: FHIRNames, _ kind: RecordKind, _ value: String) -> JSONValue {
        .object([("system", .string(names.identifierSystem(kind))), ("value", .string(value))])
    }
}
