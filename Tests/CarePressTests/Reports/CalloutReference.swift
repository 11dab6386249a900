@testable import CarePress

/// The first implementation of `CalloutMarkdown.parts(of:)`, by `Character` lines, kept as the reference that the
/// byte pass is held to (`CalloutMarkdownTests.theBytePassSplitsAsTheCharacterLinesDo`).
enum CalloutReference {
    static func parts(of markdown: String) -> [CalloutMarkdown.Part]? {
        // The original's guard: a byte search for the opening mark.
        let mark = Array("<!-- callout ".utf8)
        let bytes = Array(markdown.utf8)
        guard bytes.indices.contains(where: { bytes[$0...].starts(with: mark) }) else { return nil }
        var parts: [CalloutMarkdown.Part] = []
        var plain: [Substring] = []
        var open: (tone: String, lines: [Substring])?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if let tone = openingTone(line) {
                guard open == nil else { return nil }
                if !plain.isEmpty { parts.append(.markdown(plain.joined(separator: "\n") + "\n")) }
                plain = []
                open = (tone, [])
            } else if line == "<!-- /callout -->" {
                guard let marked = open, let part = makeCallout(tone: marked.tone, lines: marked.lines) else {
                    return nil
                }
                parts.append(part)
                open = nil
            } else if open != nil {
                open?.lines.append(line)
            } else {
                plain.append(line)
            }
        }
        guard open == nil else { return nil }
        if plain.contains(where: { !$0.isEmpty }) { parts.append(.markdown(plain.joined(separator: "\n"))) }
        return parts
    }

    private static func openingTone(_ line: Substring) -> String? {
        guard line.hasPrefix("<!-- callout "), line.hasSuffix(" -->") else { return nil }
        let tone = line.dropFirst("<!-- callout ".count).dropLast(" -->".count)
        guard !tone.isEmpty, tone.utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) else {
            return nil
        }
        return String(tone)
    }

    private static func makeCallout(tone: String, lines: [Substring]) -> CalloutMarkdown.Part? {
        guard let first = lines.firstIndex(where: { !$0.isEmpty }) else { return nil }
        let heading = lines[first]
        let level = heading.prefix { $0 == "#" }.count
        guard (2...4).contains(level), heading.dropFirst(level).first == " " else { return nil }
        let body = lines[(first + 1)...].joined(separator: "\n")
        return .callout(tone: tone, level: level, heading: String(heading), body: body + "\n")
    }
}
