/// Small valid inputs that tests start from and then break on purpose.
enum Samples {
    /// A fictional clinic, as `site.yml` names it.
    static let clinic = """
        clinic:
          name: Test Clinic
          phone: 0161 496 0000
          hours: Monday to Friday, 9am to 5pm
          urgentCare: call 111, or 999 in an emergency
          timeZone: Europe/London
          currency: GBP
        """

    static let site =
        """
        title: Recovery Guide
        language: en
        disclaimer: This is educational guidance only, not medical advice.
        starterPrompts: [My knee hurts when I go down stairs]

        """ + clinic

    static let bodyAreas = """
        - id: knee
          name: Knee
        - id: lower_back
          name: Lower back
        """

    static let phases = """
        - { id: protect, name: Protect, order: 1, goals: [Settle pain] }
        - { id: mobilise, name: Mobilise, order: 2, goals: [Move freely] }
        - { id: strengthen, name: Strengthen, order: 3, goals: [Build strength] }
        - { id: return, name: Return to activity, order: 4, goals: [Get back to sport] }
        """

    static let emergencySigns = """
        - id: cauda-equina
          advice: Go to A&E now. Do not do the exercises.
          phrasings: ["can't control my bladder", numb between my legs]
        - id: heart
          advice: Call 999 now.
          phrasings: [chest pain spreading to my arm]
        """

    static let exercises: [(String, String)] = [
        ("quad-sets", exercise("Quad Sets", phase: "protect")),
        ("straight-leg-raise", exercise("Straight Leg Raise", phase: "protect")),
        ("step-downs", exercise("Step-Downs", phase: "strengthen")),
    ]

    static func exercise(_ name: String, phase: String) -> String {
        """
        name: \(name)
        bodyAreas: [knee]
        phase: \(phase)
        steps: [Get ready., Do it slowly.]
        dosage: 3 sets of 10, once a day
        cautions: [Stop if pain is sharp.]
        """
    }

    static let condition = """
        name: Patellofemoral Pain Syndrome
        aliases: [runner's knee]
        bodyArea: knee
        keywords: [kneecap, stairs, going down stairs]
        summary: Pain around or behind the kneecap, often worse on stairs.
        exercises: [Quad Sets, Straight Leg Raise, Step-Downs]
        redFlags: [The knee is hot, red and swollen]
        typicalRecovery: 6-12 weeks
        """

    static let hairLossSchema = """
        {
          "id": "hair-loss",
          "version": "1.0",
          "title": "Hair loss consultation",
          "questions": [
            { "id": "areas", "prompt": "Where are you noticing hair loss?", "type": "multipleChoice",
              "options": [ { "id": "hairline", "label": "Receding hairline" }, { "id": "crown", "label": "Thinning at the crown" },
                           { "id": "patches", "label": "Sudden bald patches", "flag": "review" } ] },
            { "id": "duration", "prompt": "How long has it been happening?", "type": "singleChoice",
              "options": [ { "id": "lt_6m", "label": "Less than 6 months" }, { "id": "gt_1y", "label": "More than a year" } ] },
            { "id": "scalp_symptoms", "prompt": "Do you have any scalp symptoms?", "type": "singleChoice",
              "options": [ { "id": "none", "label": "No" }, { "id": "pain", "label": "Pain, redness or sores", "flag": "urgent" } ],
              "next": [ { "ifAnswer": "none", "goto": "age_started" } ] },
            { "id": "scalp_details", "prompt": "Tell us more about your scalp symptoms.", "type": "freeText", "required": false },
            { "id": "age_started", "prompt": "How old were you when you first noticed it?", "type": "number", "unit": "years" },
            { "id": "goals", "prompt": "What would you like to achieve?", "type": "freeText" }
          ]
        }
        """

    /// A valid completed consult; `answers` replaces the answers object when given.
    static func consult(id: String = "hl-1", answers: String? = nil, status: String = "completed") -> String {
        let defaultAnswers = """
            { "areas": ["hairline", "crown"], "duration": "gt_1y", "scalp_symptoms": "none", "age_started": 29,
              "goals": "Keep what I have" }
            """
        return """
            {
              "id": "\(id)",
              "schema": "hair-loss",
              "status": "\(status)",
              "completedAt": "2026-11-02T09:19:30Z",
              "answers": \(answers ?? defaultAnswers)
            }
            """
    }
}
