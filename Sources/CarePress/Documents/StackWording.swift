/// The plain words a stack report uses for the ids and codes of `stack.schema.json`.
enum StackWording {
    /// A goal id in words, e.g. `joint_health` → "Joint health".
    static func goal(_ id: String) -> String {
        goals[id] ?? fallback(id)
    }

    /// A risk id in words, e.g. `blood_pressure_meds` → "Blood pressure medicine" ("blood pressure medicine" to go
    /// inside a sentence).
    static func risk(_ id: String, inSentence: Bool = false) -> String {
        let words = risks[id] ?? fallback(id)
        return inSentence ? words.prefix(1).lowercased() + words.dropFirst() : words
    }

    /// A dietary preference id in words, e.g. `gluten_free` → "Gluten-free".
    static func diet(_ id: String) -> String {
        diets[id] ?? fallback(id)
    }

    /// What an evidence level means, in plain words.
    static func evidence(_ level: SupplementStack.Evidence) -> String {
        switch level {
        case .a: "Strong evidence from several good trials"
        case .b: "Some evidence from trials"
        case .c: "Limited or mixed evidence"
        }
    }

    /// A time of day in words: Morning, Lunch, Evening, Night.
    static func timing(_ timing: SupplementStack.Timing) -> String {
        switch timing {
        case .morning: "Morning"
        case .lunch: "Lunch"
        case .evening: "Evening"
        case .night: "Night"
        }
    }

    static let goals: [String: String] = [
        "strength": "Strength", "endurance": "Endurance", "muscle_gain": "Muscle gain", "fat_loss": "Fat loss",
        "sleep": "Sleep", "stress": "Stress", "focus": "Focus", "energy": "Energy", "mood": "Mood",
        "immunity": "Immunity", "heart_health": "Heart health", "joint_health": "Joint health",
        "bone_health": "Bone health", "gut_health": "Gut health", "skin_health": "Skin health",
        "hair_health": "Hair health", "longevity": "Longevity", "recovery": "Recovery",
    ]

    static let risks: [String: String] = [
        "pregnancy": "Pregnancy", "breastfeeding": "Breastfeeding",
        "anticoagulants": "Blood thinners (anticoagulants)", "antidepressants": "Antidepressants",
        "blood_pressure_meds": "Blood pressure medicine", "diabetes_meds": "Diabetes medicine",
        "thyroid_meds": "Thyroid medicine", "kidney_disease": "Kidney disease", "liver_disease": "Liver disease",
        "heart_condition": "A heart condition", "bleeding_disorder": "A bleeding disorder",
        "upcoming_surgery": "Surgery coming up",
    ]

    static let diets: [String: String] = [
        "vegetarian": "Vegetarian", "vegan": "Vegan", "gluten_free": "Gluten-free", "dairy_free": "Dairy-free",
        "halal": "Halal", "kosher": "Kosher", "nut_allergy": "Nut allergy",
    ]

    /// An id the tables do not know, made readable: `new_goal` → "New goal".
    private static func fallback(_ id: String) -> String {
        let words = id.replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}
