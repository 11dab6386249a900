/// The `fhir` export of a record: its Bundle, from the record, its questionnaire and its rendered report; a
/// `collection`, or a `document` whose Composition has one section a group of entries (and one for the report).
enum FHIRRecordBundle {
    /// The Bundle of a consult: Patient, QuestionnaireResponse, one Flag per urgent or for-review answer, and
    /// the report.
    static func consult(
        _ consult: Consult, schema: ConsultSchema, names: FHIRNames, report: FHIRBundle.Report,
        form: FHIRBundle.Form = .collection
    ) -> JSONValue {
        let bundle = FHIRBundle(kind: .consult, recordID: consult.id, names: names)
        let response = FHIRQuestionnaireResponse(
            consult: consult, schema: schema, names: names, patient: bundle.patientReference)
        let responseReference = names.fullURL("QuestionnaireResponse", FHIRNames.resourceID(consult.id))
        let flags = FHIRConsultFlags(
            response: response, patientReference: bundle.patientReference, responseReference: responseReference)
        let patient = FHIRBundle.Patient(
            displayName: consult.patient?.displayName, age: consult.patient?.age,
            recordedAt: consult.completedAt ?? consult.startedAt)
        let found = flags.resources
        let findings = flags.lines
        let sections = [
            FHIRComposition.Section(
                title: "Answers",
                lines: [
                    "The patient's answers to the questionnaire \(schema.title) (version \(schema.version)), "
                        + (consult.status == .completed ? "completed." : "not finished.")
                ],
                resources: [response.value]),
            FHIRComposition.Section(
                title: "Findings to act on",
                lines: findings.isEmpty ? ["No answer was marked urgent or for review."] : findings,
                resources: found, nothingKnown: true),
        ]
        return bundle.value(patient: patient, sections: sections, report: report, form: form)
    }

    /// The Bundle of a physio record: an anonymous Patient (the record names nobody), the CarePlan, the report.
    static func physio(
        _ physio: PhysioRecommendation, knowledge: KnowledgeStore, names: FHIRNames, report: FHIRBundle.Report,
        form: FHIRBundle.Form = .collection
    ) -> JSONValue {
        let bundle = FHIRBundle(kind: .physio, recordID: physio.id, names: names)
        let plan = FHIRPhysioStack.carePlan(
            physio, knowledge: knowledge, names: names, patient: bundle.patientReference)
        var lines = ["Suggestions for the concern: \(physio.concern)"]
        lines += physio.response?.suggestedExercises.map { "Exercise: \($0.name)" } ?? []
        let section = FHIRComposition.Section(title: "Recovery suggestions", lines: lines, resources: [plan])
        return bundle.value(patient: FHIRBundle.Patient(), sections: [section], report: report, form: form)
    }

    /// The Bundle of a stack: the Patient (the person's name and age), one MedicationStatement per supplement
    /// (each with a summary of the tracking log), the report; a document adds the log day by day as a section.
    static func stack(
        _ stack: SupplementStack, names: FHIRNames, report: FHIRBundle.Report, form: FHIRBundle.Form = .collection
    ) -> JSONValue {
        let bundle = FHIRBundle(kind: .stack, recordID: stack.id, names: names)
        let statements = FHIRPhysioStack.medicationStatements(stack, names: names, patient: bundle.patientReference)
        let patient = FHIRBundle.Patient(
            displayName: stack.person.displayName, age: stack.person.age, recordedAt: stack.createdAt)
        var sections = [
            FHIRComposition.Section(
                title: "Supplements",
                lines: stack.supplements.map { supplement in
                    "\(supplement.name): \(supplement.dose)" + (supplement.active ? "" : " (not started yet)")
                },
                resources: statements)
        ]
        if !stack.tracking.isEmpty {
            sections.append(
                FHIRComposition.Section(
                    title: "Tracking log", lines: FHIRStackTracking.dayLines(stack), resources: []))
        }
        return bundle.value(patient: patient, sections: sections, report: report, form: form)
    }
}
