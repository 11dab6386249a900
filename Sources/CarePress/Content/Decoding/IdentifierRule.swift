/// The character rules the schemas set on ids, written as the JSON Schema patterns they implement.
enum IdentifierRule {
    /// `^[a-z0-9][a-z0-9-]*$`: consult schema ids.
    case schemaID
    /// `^[a-z0-9_]+$`: question and option ids.
    case questionID
    /// `^[a-z][a-z_]*$`: body area ids.
    case bodyAreaID
    /// `^[a-z][a-z_-]*$`: phase ids.
    case phaseID
    /// `^[a-z0-9][a-z0-9_-]*$`: supplement ids.
    case supplementID
    /// `^[a-z][a-z_-]*$`: emergency sign ids.
    case signID

    /// Whether the text follows the rule.
    func accepts(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.first else { return false }
        guard firstAllowed(first) else { return false }
        return scalars.dropFirst().allSatisfy(restAllowed)
    }

    /// The rule in words, for messages.
    var description: String {
        switch self {
        case .schemaID: "lower-case letters, digits and '-', starting with a letter or digit"
        case .questionID: "lower-case letters, digits and '_'"
        case .bodyAreaID: "lower-case letters and '_', starting with a letter"
        case .phaseID, .signID: "lower-case letters, '_' and '-', starting with a letter"
        case .supplementID: "lower-case letters, digits, '_' and '-', starting with a letter or digit"
        }
    }

    private func firstAllowed(_ c: Unicode.Scalar) -> Bool {
        switch self {
        case .schemaID, .supplementID: isLower(c) || isDigit(c)
        case .questionID: isLower(c) || isDigit(c) || c == "_"
        case .bodyAreaID, .phaseID, .signID: isLower(c)
        }
    }

    private func restAllowed(_ c: Unicode.Scalar) -> Bool {
        switch self {
        case .schemaID: isLower(c) || isDigit(c) || c == "-"
        case .questionID: isLower(c) || isDigit(c) || c == "_"
        case .bodyAreaID: isLower(c) || c == "_"
        case .phaseID, .signID: isLower(c) || c == "_" || c == "-"
        case .supplementID: isLower(c) || isDigit(c) || c == "_" || c == "-"
        }
    }

    private func isLower(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) }
    private func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }
}

extension NodeReader {
    /// Reads an id that must follow one of the schemas' id rules.
    func identifier(_ node: ContentNode, _ path: ValuePath, _ rule: IdentifierRule) -> String? {
        string(node, path, matching: rule.accepts, described: rule.description)
    }

    /// Reads an RFC 3339 date-time.
    func timestamp(_ node: ContentNode, _ path: ValuePath) -> Timestamp? {
        guard let text = string(node, path) else { return nil }
        guard let value = Timestamp(rfc3339: text) else {
            log.error(
                "'\(text)' is not a date-time", at: node.position, path: path,
                hint: "write it as in RFC 3339, e.g. 2026-11-02T09:19:30Z")
            return nil
        }
        return value
    }

    /// Reads an ISO calendar date.
    func calendarDate(_ node: ContentNode, _ path: ValuePath) -> CalendarDate? {
        guard let text = string(node, path) else { return nil }
        guard let value = CalendarDate(iso: Substring(text)) else {
            log.error(
                "'\(text)' is not a date", at: node.position, path: path,
                hint: "write it as YYYY-MM-DD, e.g. 2026-11-02")
            return nil
        }
        return value
    }

    /// Reads a record id, which becomes a file name: it must not be able to name a path.
    func recordID(_ node: ContentNode, _ path: ValuePath) -> String? {
        guard let id = string(node, path, minLength: 1) else { return nil }
        let length = id.unicodeScalars.count
        if length > RecordLimits.maximumIDLength {
            log.error(
                "the id is \(length) characters long; an id may have at most \(RecordLimits.maximumIDLength)",
                at: node.position, path: path, hint: "ids become file names; see formats/README.md, Limits")
            return nil
        }
        if Self.mayEscape(id) {
            log.error(
                "id '\(id)' would escape the output folder", at: node.position, path: path,
                hint: "ids may not contain '/', '\\' or '..', nor start with '.'")
            return nil
        }
        if Slug.make(id).isEmpty {
            log.error(
                "id '\(id)' has no letters or digits to make a file name from", at: node.position, path: path,
                hint: "use letters a-z and digits in ids, e.g. 'hl-2026-0001'")
            return nil
        }
        return id
    }

    /// Whether an id has a `/` or a backslash, starts with `.` or has `..`: compared as bytes, so a combining mark after
    /// one (which makes it part of another `Character`) does not hide it.
    static func mayEscape(_ id: String) -> Bool {
        var previous: UInt8 = 0
        for (offset, byte) in id.utf8.enumerated() {
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") { return true }
            if byte == UInt8(ascii: "."), offset == 0 || previous == UInt8(ascii: ".") { return true }
            previous = byte
        }
        return false
    }
}
