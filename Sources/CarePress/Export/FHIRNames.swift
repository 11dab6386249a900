/// The identifiers CarePress gives its FHIR resources, codings and questionnaires; stable across exports.
///
/// - Questionnaire canonical URL: `urn:carepress:questionnaire:<schema id>`; a QuestionnaireResponse names
///   it with the version as `urn:carepress:questionnaire:<schema id>|<version>`.
/// - Option codes of a question: system `urn:carepress:options:<schema id>:<question id>`, code the option id.
/// - Resource ids: the record or schema id when it is a valid FHIR id, else a safe form of it (below).
enum FHIRNames {
    /// The Questionnaire's canonical URL (without version).
    static func questionnaireURL(_ schema: ConsultSchema) -> String {
        "urn:carepress:questionnaire:\(schema.id)"
    }

    /// The versioned canonical a QuestionnaireResponse points at: `url|version`, the version percent-encoded
    /// where it has characters a canonical cannot hold.
    static func questionnaireCanonical(_ schema: ConsultSchema) -> String {
        questionnaireURL(schema) + "|" + percentEncoded(schema.version)
    }

    /// The code system of one question's options.
    static func optionSystem(_ schema: ConsultSchema, _ question: ConsultSchema.Question) -> String {
        "urn:carepress:options:\(schema.id):\(question.id)"
    }

    /// The identifier system that keeps a consult's own id, exactly as the record has it.
    static let consultIdentifierSystem = "urn:carepress:consult"

    /// A valid FHIR id (`[A-Za-z0-9\-.]{1,64}`) for an id: itself when valid; otherwise every run of other
    /// characters becomes `-`, and a hash of the original is appended so that different ids stay different.
    static func resourceID(_ id: String) -> String {
        if isValidID(id) { return id }
        var safe = ""
        var pendingDash = false
        for scalar in id.unicodeScalars {
            if isIDCharacter(scalar) && scalar != "-" {
                if pendingDash && !safe.isEmpty { safe.append("-") }
                pendingDash = false
                safe.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        let hash = String(fnv1a(id), radix: 16)
        let suffix = "-" + String(repeating: "0", count: 16 - hash.count) + hash
        return String((safe.isEmpty ? "id" : safe).prefix(64 - suffix.count)) + suffix
    }

    /// Whether a text is a valid FHIR id.
    static func isValidID(_ id: String) -> Bool {
        !id.isEmpty && id.unicodeScalars.count <= 64 && id.unicodeScalars.allSatisfy(isIDCharacter)
    }

    /// A date-time as FHIR writes it: as recorded, with the `T` and `Z` RFC 3339 lets be lower-case or a space
    /// made upper-case `T` and `Z`.
    static func dateTime(_ timestamp: Timestamp) -> String {
        var scalars = Array(timestamp.text.unicodeScalars)
        if scalars.count > 10 { scalars[10] = "T" }
        if let last = scalars.last, last == "z" { scalars[scalars.count - 1] = "Z" }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }

    private static func isIDCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
            || scalar == "."
    }

    /// Percent-encodes every byte but unreserved URI characters and `+`.
    private static func percentEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
                || "-._~+".unicodeScalars.contains(scalar)
            {
                result.unicodeScalars.append(scalar)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return result
    }

    /// 64-bit FNV-1a of the UTF-8 bytes: stable across runs and platforms, unlike `Hasher`.
    private static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
