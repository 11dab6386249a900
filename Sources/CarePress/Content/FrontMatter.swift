/// Splits a Markdown page into its YAML front matter and its body.
///
/// Front matter is present when the first line is `---` (trailing spaces allowed); it runs up to the
/// next line that is `---`. Lines are counted from 1 at the top of the file, so parsing the front
/// matter with `YAMLLoader.parse(yaml, lineOffset: yamlStartLine - 1)` reports lines of the file.
public enum FrontMatter {
    /// Returns the front matter text (nil when the page has none), the file line it starts on, the body,
    /// and the file line the body starts on. Without front matter both lines are 1 and the body is the
    /// whole text. An opening `---` without a closing one is an error at the opening line.
    public static func split(_ text: String) throws(SyntaxError) -> (
        yaml: String?, yamlStartLine: Int, body: String, bodyStartLine: Int
    ) {
        let utf8 = text.utf8
        var lineStart = utf8.startIndex
        // A byte order mark is not part of the first line.
        if text.unicodeScalars.first == "\u{FEFF}" {
            lineStart = text.unicodeScalars.index(after: text.unicodeScalars.startIndex)
        }
        let (firstLineEnd, afterFirstLine) = lineBounds(utf8, from: lineStart)
        guard isDelimiter(utf8[lineStart..<firstLineEnd]) else {
            return (nil, 1, text, 1)
        }
        var line = 2
        var cursor = afterFirstLine
        let yamlStart = afterFirstLine
        while cursor < utf8.endIndex {
            let (end, next) = lineBounds(utf8, from: cursor)
            if isDelimiter(utf8[cursor..<end]) {
                let yaml = String(text[yamlStart..<cursor])
                let body = String(text[next...])
                return (yaml, 2, body, line + 1)
            }
            cursor = next
            line += 1
        }
        throw SyntaxError(
            at: .start, "front matter is not closed",
            hint: "end the front matter with a line that holds only '---'")
    }

    /// The end of the line starting at `start` (before `\r\n` or `\n`) and the start of the next line.
    private static func lineBounds(_ utf8: String.UTF8View, from start: String.Index) -> (String.Index, String.Index) {
        guard let newline = utf8[start...].firstIndex(of: UInt8(ascii: "\n")) else {
            return (utf8.endIndex, utf8.endIndex)
        }
        var end = newline
        if end > start, utf8[utf8.index(before: end)] == UInt8(ascii: "\r") {
            end = utf8.index(before: end)
        }
        return (end, utf8.index(after: newline))
    }

    /// Whether a line is `---`, optionally followed by spaces or tabs.
    private static func isDelimiter(_ line: Substring.UTF8View) -> Bool {
        guard line.starts(with: "---".utf8) else { return false }
        return line.dropFirst(3).allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }
}
