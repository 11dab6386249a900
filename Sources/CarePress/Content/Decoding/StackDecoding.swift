extension SupplementStack {
    /// The goals `stack.schema.json` allows.
    static let goalIDs: Set<String> = [
        "strength", "endurance", "muscle_gain", "fat_loss", "sleep", "stress", "focus", "energy", "mood", "immunity",
        "heart_health", "joint_health", "bone_health", "gut_health", "skin_health", "hair_health", "longevity",
        "recovery",
    ]
    /// The risks `stack.schema.json` allows.
    static let riskIDs: Set<String> = [
        "pregnancy", "breastfeeding", "anticoagulants", "antidepressants", "blood_pressure_meds", "diabetes_meds",
        "thyroid_meds", "kidney_disease", "liver_disease", "heart_condition", "bleeding_disorder", "upcoming_surgery",
    ]
    /// The dietary preferences `stack.schema.json` allows.
    static let dietIDs: Set<String> = [
        "vegetarian", "vegan", "gluten_free", "dairy_free", "halal", "kosher", "nut_allergy",
    ]

    /// Reads a stack against `stack.schema.json`; reminder and tracking ids are checked later.
    static func read(_ node: ContentNode, _ reader: NodeReader, source: String) -> SupplementStack? {
        guard
            let object = reader.object(
                node, .root,
                keys: ["id", "createdAt", "user", "priority", "minimal", "optional", "reminders", "tracking"])
        else { return nil }
        let id = object.required("id") { $0.recordID($1, $2) }
        let createdAt = object.optional("createdAt") { $0.timestamp($1, $2) }
        let person = object.required("user") { readPerson($1, $2, $0) }
        let minimal = object.required("minimal") { reader, node, path in
            reader.array(node, path, minItems: 1, maxItems: 3) { readSupplement($0, $1, reader) }
        }
        let optional =
            object.optional("optional") { reader, node, path in
                reader.array(node, path, maxItems: 3) { readSupplement($0, $1, reader) }
            } ?? []
        let reminders =
            object.optional("reminders") { reader, node, path in
                reader.array(node, path) { node, path -> Reminder? in
                    guard let reminder = reader.object(node, path, keys: ["supplementId", "time", "enabled"]) else {
                        return nil
                    }
                    let supplement = reminder.requiredString("supplementId")
                    let time = reminder.required("time") { reader, node, path in
                        reader.string(node, path, matching: isClockTime, described: "a 24-hour time HH:MM, e.g. 08:30")
                    }
                    let enabled = reminder.optional("enabled") { $0.bool($1, $2) } ?? true
                    guard let supplement, let time else { return nil }
                    return Reminder(
                        supplementID: supplement, time: time, enabled: enabled,
                        position: reminder.position(of: "supplementId"))
                }
            } ?? []
        let tracking =
            object.optional("tracking") { reader, node, path in
                reader.array(node, path) { node, path -> TrackingDay? in
                    guard let day = reader.object(node, path, keys: ["date", "taken", "note"]) else { return nil }
                    let date = day.required("date") { $0.calendarDate($1, $2) }
                    let taken = day.required("taken") { reader, node, path in
                        reader.array(node, path) { node, path -> (String, SourcePosition)? in
                            reader.string(node, path).map { ($0, node.position) }
                        }
                    }
                    guard let date, let taken else { return nil }
                    return TrackingDay(
                        date: date, taken: taken.map(\.0), takenPositions: taken.map(\.1),
                        note: day.optionalString("note"))
                }
            } ?? []
        if let first = tracking.indices.min(by: { tracking[$0].date < tracking[$1].date }),
            let last = tracking.indices.max(by: { tracking[$0].date < tracking[$1].date }),
            case .array(let days) = object["tracking"]?.value
        {
            let span = tracking[last].date.dayNumber - tracking[first].date.dayNumber + 1
            if span > RecordLimits.maximumTrackingSpan {
                reader.log.error(
                    "the tracking log spans \(span) days (\(tracking[first].date) to \(tracking[last].date)); it may span at "
                        + "most \(RecordLimits.maximumTrackingSpan) days (20 years)",
                    at: days.count == tracking.count
                        ? days[last].child("date")?.position ?? days[last].position : object.position(of: "tracking"),
                    path: object.path.key("tracking").index(last).key("date"),
                    hint: "check the year of this date; see formats/README.md, Limits")
            }
        }
        guard let id, let person, let minimal else { return nil }
        var seen = Set<String>()
        for supplement in minimal + optional where !seen.insert(supplement.id).inserted {
            reader.log.error(
                "duplicate supplement id '\(supplement.id)'", at: object.position(of: "minimal"),
                path: object.path.key("minimal"))
        }
        return SupplementStack(
            id: id, createdAt: createdAt, person: person, priority: object.optionalString("priority"),
            minimal: minimal, optional: optional, reminders: reminders, tracking: tracking, source: source,
            idPosition: object.position(of: "id"))
    }

    private static func readPerson(_ node: ContentNode, _ path: ValuePath, _ reader: NodeReader) -> Person? {
        guard
            let user = reader.object(
                node, path, keys: ["displayName", "age", "goals", "risks", "dietaryPreferences", "monthlyBudget"])
        else { return nil }
        func ids(_ key: String, _ allowed: Set<String>) -> [String] {
            user.optional(key) { reader, node, path in
                reader.array(node, path) { node, path -> String? in
                    guard let text = reader.string(node, path) else { return nil }
                    guard allowed.contains(text) else {
                        reader.log.error(
                            "'\(text)' is not one of the allowed values", at: node.position, path: path,
                            hint: Suggestion.hint(for: text, in: allowed))
                        return nil
                    }
                    return text
                }
            } ?? []
        }
        return Person(
            displayName: user.optionalString("displayName"),
            age: user.optional("age") { $0.integer($1, $2, in: 0...130) }, goals: ids("goals", goalIDs),
            risks: ids("risks", riskIDs), dietaryPreferences: ids("dietaryPreferences", dietIDs),
            monthlyBudget: user.optional("monthlyBudget") { $0.number($1, $2, minimum: 0) })
    }

    private static func readSupplement(_ node: ContentNode, _ path: ValuePath, _ reader: NodeReader) -> Supplement? {
        guard
            let object = reader.object(
                node, path,
                keys: ["id", "name", "purpose", "dose", "timing", "evidence", "citations", "cautions", "active"])
        else { return nil }
        let id = object.required("id") { $0.identifier($1, $2, .supplementID) }
        let name = object.requiredString("name", minLength: 1)
        let purpose = object.requiredString("purpose")
        let dose = object.requiredString("dose")
        let timing = object.required("timing") { reader, node, path in
            reader.array(node, path, minItems: 1) { reader.choice($0, $1, as: Timing.self) }
        }
        let evidence = object.required("evidence") { $0.choice($1, $2, as: Evidence.self) }
        let citations =
            object.optional("citations") { reader, node, path in
                reader.array(node, path) { node, path -> Citation? in
                    guard let citation = reader.object(node, path, keys: ["title", "url"]) else { return nil }
                    guard let title = citation.requiredString("title") else { return nil }
                    return Citation(title: title, url: citation.optionalString("url"))
                }
            } ?? []
        guard let id, let name, let purpose, let dose, let timing, let evidence else { return nil }
        return Supplement(
            id: id, name: name, purpose: purpose, dose: dose, timing: timing, evidence: evidence, citations: citations,
            cautions: object.strings("cautions"), active: object.optional("active") { $0.bool($1, $2) } ?? true)
    }

    private static func isClockTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"),
            let hours = CalendarDate.digits(bytes[0..<2]), let minutes = CalendarDate.digits(bytes[3..<5])
        else { return false }
        return hours < 24 && minutes < 60
    }
}
