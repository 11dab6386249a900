/// The `fhir` export of a record: its Bundle, from the record, its questionnaire and its rendered report.
enum FHIRRecordBundle {
    /// The Bundle of a consult: Patient, QuestionnaireResponse, one Flag per urgent or for-review answer, and
    /// the report.
    static func consult(_ consult: Consult, schema: ConsultSchema, names: FHIRNames, report: FHIRBundle.Report)
        -> JSONValue
    {
        let bundle = FHIRBundle(kind: .consult, recordID: consult.id, names: names)
        let response = FHIRQuestionnaireResponse(
            consult: consult, schema: schema, names: names, patient: bundle.patientReference)
        let responseReference = names.fullURL("QuestionnaireResponse", FHIRNames.resourceID(consult.id))
        let flags = FHIRConsultFlags(
            response: response, patientReference: bundle.patientReference, responseReference: responseReference)
        let patient = FHIRBundle.Patient(
            displayName: consult.patient?.displayName, age: consult.patient?.age,
            recordedAt: consult.completedAt ?? consult.startedAt)
        return bundle.value(patient: patient, resources: [response.value] + flags.resources, report: report)
    }

    /// The Bundle of a physio record: an anonymous Patient (the record names nobody), the CarePlan, the report.
    static func physio(
        _ physio: PhysioRecommendation, knowledge: KnowledgeStore, names: FHIRNames, report: FHIRBundle.Report
    ) -> JSONValue {
        let bundle = FHIRBundle(kind: .physio, recordID: physio.id, names: names)
        let plan = FHIRPhysioStack.carePlan(
            physio, knowledge: knowledge, names: names, patient: bundle.patientReference)
        return bundle.value(patient: FHIRBundle.Patient(), resources: [plan], report: report)
    }

    /// The Bundle of a stack: the Patient (the person's name and age), one MedicationStatement per supplement,
    /// the report (which holds the tracking log).
    static func stack(_ stack: SupplementStack, names: FHIRNames, report: FHIRBundle.Report) -> JSONValue {
        let bundle = FHIRBundle(kind: .stack, recordID: stack.id, names: names)
        let statements = FHIRPhysioStack.medicationStatements(stack, names: names, patient: bundle.patientReference)
        let patient = FHIRBundle.Patient(
            displayName: stack.person.displayName, age: stack.person.age, recordedAt: stack.createdAt)
        return bundle.value(patient: patient, resources: statements, report: report)
    }
}
