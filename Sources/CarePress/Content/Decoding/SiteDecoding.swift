extension Site {
    /// Reads `site.yml`, reporting problems into the reader's log.
    static func read(_ node: ContentNode, _ reader: NodeReader) -> Site? {
        guard
            let object = reader.object(
                node, .root,
                keys: [
                    "title", "description", "language", "disclaimer", "baseURL", "starterPrompts", "paper",
                    "outputAccess", "clinic", "fhir",
                ])
        else { return nil }
        let title = object.requiredString("title", minLength: 1)
        let language = object.required("language") { reader, node, path in
            reader.string(
                node, path, matching: isLanguageTag, described: "a BCP 47 language tag such as 'en' or 'en-GB'")
        }
        let disclaimer = object.requiredString("disclaimer", minLength: 1)
        let baseURL = object.optional("baseURL") { reader, node, path in
            reader.string(
                node, path, matching: { MarkdownEscaping.safeWebURL($0) != nil },
                described: "an absolute http:// or https:// URL")
        }
        let paper = object.optional("paper") { reader, node, path in reader.choice(node, path, as: Paper.self) }
        let access = object.optional("outputAccess") { reader, node, path in
            reader.choice(node, path, as: OutputAccess.self)
        }
        let clinic = object.optional("clinic") { reader, node, path in Clinic.read(node, path, reader) }
        let fhirBase = object.optional("fhir") { reader, node, path in readFHIR(node, path, reader) }
        if object["clinic"] == nil {
            reader.log.warning(
                "no 'clinic' settings: reports cannot say how to reach the clinic, and show times in UTC",
                at: node.position, path: ValuePath.root.key("clinic"),
                hint: "add a 'clinic' block with name, phone, hours, urgentCare, timeZone and currency "
                    + "(see formats/README.md); until then reports say \"contact the clinic that gave you this report\""
            )
        }
        guard let title, let language, let disclaimer, object["clinic"] == nil || clinic != nil,
            object["fhir"] == nil || fhirBase != nil
        else { return nil }
        return Site(
            title: title, description: object.optionalString("description"), language: language,
            disclaimer: disclaimer, baseURL: baseURL, starterPrompts: object.strings("starterPrompts"),
            paper: paper ?? .a4, outputAccess: access ?? .private, clinic: clinic,
            fhirBase: fhirBase)
    }

    /// Reads the `fhir` block: `base`, an absolute http(s) URL without a query or fragment; a final `/` is dropped.
    private static func readFHIR(_ node: ContentNode, _ path: ValuePath, _ reader: NodeReader) -> String? {
        guard let object = reader.object(node, path, keys: ["base"]) else { return nil }
        let base = object.required("base") { reader, node, path in
            reader.string(
                node, path,
                matching: { text in
                    MarkdownEscaping.safeWebURL(text) != nil && !text.contains("?") && !text.contains("#")
                        && !text.unicodeScalars.contains { $0.value <= 0x20 || $0.value >= 0x7F }
                },
                described: "an absolute http:// or https:// URL without a query or fragment, "
                    + "such as 'https://fhir.example-clinic.org'")
        }
        guard var base else { return nil }
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }

    private static func isLanguageTag(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return !parts.isEmpty
            && parts.allSatisfy { part in
                (1...8).contains(part.count)
                    && part.unicodeScalars.allSatisfy {
                        $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0)
                    }
            }
    }
}

extension Clinic {
    /// Reads the `clinic` block of `site.yml`: every key is required, each checked with its own located error.
    static func read(_ node: ContentNode, _ path: ValuePath, _ reader: NodeReader) -> Clinic? {
        guard
            let object = reader.object(
                node, path, keys: ["name", "phone", "hours", "urgentCare", "timeZone", "currency"])
        else { return nil }
        let name = object.requiredString("name", minLength: 1)
        let phone = object.required("phone") { reader, node, path in
            reader.string(
                node, path, matching: isPhoneNumber,
                described: "a phone number as a patient dials it: digits, with spaces, '+', '-', '.', '(' or ')'")
        }
        let hours = object.requiredString("hours", minLength: 1)
        let urgentCare = object.requiredString("urgentCare", minLength: 1)
        let timeZone = object.required("timeZone") { reader, node, path -> String? in
            guard let text = reader.string(node, path) else { return nil }
            guard isTimeZone(text) else {
                reader.log.error(
                    "'\(text)' is not a time zone: it must be an IANA time zone such as 'Europe/London'",
                    at: node.position, path: path,
                    hint: Suggestion.hint(for: text, in: knownTimeZones.sorted()) ?? "see the tz database's zone names")
                return nil
            }
            return text
        }
        let currency = object.required("currency") { reader, node, path -> String? in
            guard let text = reader.string(node, path) else { return nil }
            guard isCurrency(text) else {
                reader.log.error(
                    "'\(text)' is not a currency: it must be an ISO 4217 code such as 'GBP', 'EUR' or 'USD'",
                    at: node.position, path: path,
                    hint: isCurrency(text.uppercased()) ? "write it in capitals: '\(text.uppercased())'" : nil)
                return nil
            }
            return text
        }
        guard let name, let phone, let hours, let urgentCare, let timeZone, let currency else { return nil }
        return Clinic(
            name: name, phone: phone, hours: hours, urgentCare: urgentCare, timeZone: timeZone, currency: currency)
    }
}
