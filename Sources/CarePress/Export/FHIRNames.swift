/// The identifiers CarePress gives its FHIR resources, codings and questionnaires; stable across exports.
///
/// Every name is the canonical base joined with its parts: with the default base `urn:carepress` the parts are
/// joined with `:` (today's names), with `site.yml`'s `fhir: { base: URL }` with `/`.
/// - Questionnaire canonical URL: `<base>:questionnaire:<schema id>`; a QuestionnaireResponse names
///   it with the version as `<base>:questionnaire:<schema id>|<version>`.
/// - Option codes of a question: system `<base>:options:<schema id>:<question id>`, code the option id.
/// - A record's identifier system: `<base>:<kind>` (`consult`, `physio`, `stack`).
/// - A resource's `fullUrl` in a Bundle: `<base>/<type>/<id>` (RESTful) or `urn:carepress:<type>:<id>`;
///   references name resources by it.
/// - Resource ids: the record or schema id when it is a valid FHIR id, else a safe form of it (below).
struct FHIRNames: Sendable {
    /// The default base, the names CarePress has always written.
    static let defaultBase = "urn:carepress"

    /// The canonical base, without a final `/`.
    let base: String

    /// Names under `site.yml`'s base, or the default.
    init(base: String? = nil) {
        self.base = base ?? Self.defaultBase
    }

    /// The base joined with parts: `:` after a URN base, `/` after a URL.
    func name(_ parts: String...) -> String {
        let separator = base.hasPrefix("urn:") ? ":" : "/"
        return ([base] + parts).joined(separator: separator)
    }

    /// The Questionnaire's canonical URL (without version).
    func questionnaireURL(_ schema: ConsultSchema) -> String {
        name("questionnaire", schema.id)
    }

    /// The versioned canonical a QuestionnaireResponse points at: `url|version`, the version percent-encoded
    /// where it has characters a canonical cannot hold.
    func questionnaireCanonical(_ schema: ConsultSchema) -> String {
        questionnaireURL(schema) + "|" + Self.percentEncoded(schema.version)
    }

    /// The code system of one question's options.
    func optionSystem(_ schema: ConsultSchema, _ question: ConsultSchema.Question) -> String {
        name("options", schema.id, question.id)
    }

    /// The identifier system that keeps a record's own id, exactly as the record has it.
    func identifierSystem(_ kind: RecordKind) -> String {
        name(kind.rawValue)
    }

    /// The `fullUrl` of a resource in a Bundle, and what references to it say.
    func fullURL(_ type: String, _ id: String) -> String {
        name(type, id)
    }

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
    static func percentEncoded(_ text: String) -> String {
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
