/// Bounds on what makes libcmark take time that grows faster than its input, checked on Markdown that is not ours
/// (the guide's pages) before cmark sees it.
///
/// Debian's libcmark 0.30.2 has cases that later releases fixed (0.30.3 and on): `![[]()` repeated walks the whole
/// bracket stack at every link; lists or block quotes nested thousands deep make every blank line, and every emphasis
/// delimiter, walk every open container. On cmark's own pathological inputs (`test/pathological_tests.py`) everything
/// else parses in time linear in the input (the figures are in the commit that added this check and in
/// docs/performance.md). So two things are bounded, each over-estimated from the text in one pass:
///
/// - how deeply block quotes and list items nest (`maximumNesting`);
/// - how many link and image openers (`[`) one paragraph holds (`maximumOpenersPerParagraph`).
///
/// Within them, cmark's time on a page of 1 MiB (`FileSizeLimit.page`) of the worst input for either stays linear.
/// The check only refuses: Markdown within the bounds goes to cmark unchanged, so the HTML is byte for byte what it
/// was. Text from records never needs it: it is escaped (`MarkdownEscaping`), so it opens no bracket and no container.
public enum MarkdownBounds {
    /// How deeply block quotes and list items may nest.
    public static let maximumNesting = 32
    /// How many `[` (not escaped) one paragraph may hold: a run of lines with no blank line between them.
    public static let maximumOpenersPerParagraph = 1_000

    /// Throws an error at the first place `markdown` passes a bound; `lineOffset` is added to every line reported (a
    /// page's body starts after its front matter).
    ///
    /// The nesting of a line is over-estimated as the block quote and list markers at its start, plus what the
    /// containers open before it could continue: at most one for every two columns of indentation before its first list
    /// marker (a list item is continued by indenting at least two columns past its parent's content), and no more
    /// than were open. Blank lines and lazy continuation lines open nothing. Paragraphs end at blank lines at the
    /// latest (a line holding only `>` markers and spaces is blank in its block quote); every `[` not after a
    /// backslash counts, code included, so a paragraph's count is never less than what cmark stacks.
    static func check(_ markdown: String, lineOffset: Int = 0) throws(SyntaxError) {
        var markdown = markdown
        let problem: SyntaxError? = markdown.withUTF8 { bytes in
            var scanner = Scanner()
            var start = 0
            var line = 1 + lineOffset
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
                if let problem = scanner.scan(UnsafeBufferPointer(rebasing: bytes[start..<end]), line: line) {
                    return problem
                }
                if end < bytes.count, bytes[end] == UInt8(ascii: "\r"), end + 1 < bytes.count,
                    bytes[end + 1] == UInt8(ascii: "\n")
                {
                    end += 1
                }
                start = end + 1
                line += 1
            }
            return nil
        }
        if let problem { throw problem }
    }

    /// What the check carries from line to line.
    private struct Scanner {
        /// At least as many containers as are open after the lines scanned so far.
        var open = 0
        /// The `[` counted in the paragraph that may still be open.
        var openers = 0

        private static let space = UInt8(ascii: " ")
        private static let tab = UInt8(ascii: "\t")

        /// Scans one line (without its line ending); the error at the first bound it passes, if any.
        mutating func scan(_ line: UnsafeBufferPointer<UInt8>, line number: Int) -> SyntaxError? {
            var index = 0
            var column = 0
            var markers = 0
            var continuation = 0
            var sawListMarker = false
            // The columns (1-based, in bytes: the prefix is ASCII) of the first markers, enough to name the one that
            // passes the bound.
            var markerColumns: [Int] = []
            let thematicBreak = Self.thematicBreakTail(line)
            while index < line.count {
                let before = column
                while index < line.count, line[index] == Self.space || line[index] == Self.tab {
                    column = line[index] == Self.tab ? (column / 4 + 1) * 4 : column + 1
                    index += 1
                }
                if !sawListMarker { continuation += column - before }
                guard index < line.count else { break }
                let end: Int
                if line[index] == UInt8(ascii: ">") {
                    end = index + 1 + (index + 1 < line.count && line[index + 1] == Self.space ? 1 : 0)
                } else if !thematicBreak.starts(line, at: index), let marker = Self.listMarkerEnd(line, from: index) {
                    end = marker
                    sawListMarker = true
                } else {
                    break
                }
                markers += 1
                if markerColumns.count <= maximumNesting { markerColumns.append(index + 1) }
                column += end - index
                index = end
            }
            let continued = min(continuation / 2, open)
            if markers + continued > maximumNesting {
                let passing = maximumNesting - continued
                let at = passing < markerColumns.count ? markerColumns[passing] : index + 1
                return SyntaxError(
                    at: SourcePosition(line: number, column: at),
                    "block quotes and lists are nested more than \(maximumNesting) deep here",
                    hint: "nest them less deeply; cmark takes time that grows with the square of the nesting")
            }
            open = max(open, markers + continued)
            if index == line.count && !sawListMarker {
                // Blank, or blank inside block quotes: any paragraph has ended.
                openers = 0
                return nil
            }
            return countOpeners(line, from: index, line: number)
        }

        /// Counts the `[` of a line's content into the paragraph's; the error at the one that passes the bound, if any.
        private mutating func countOpeners(
            _ line: UnsafeBufferPointer<UInt8>, from start: Int, line number: Int
        ) -> SyntaxError? {
            var index = start
            while index < line.count {
                switch line[index] {
                case UInt8(ascii: "\\"):
                    index += 2
                    continue
                case UInt8(ascii: "["):
                    openers += 1
                    if openers > maximumOpenersPerParagraph {
                        // Columns count Unicode scalars: every byte but UTF-8's continuation bytes starts one.
                        let column = line[..<index].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
                        return SyntaxError(
                            at: SourcePosition(line: number, column: column),
                            "this paragraph opens more than \(maximumOpenersPerParagraph) links or images ('[')",
                            hint: "split it with blank lines, or write a literal '[' as '\\['; cmark takes time that "
                                + "grows with the square of the brackets of a paragraph")
                    }
                default:
                    break
                }
                index += 1
            }
            return nil
        }

        /// Where a list marker that starts at `index` ends (`-`, `+`, `*`, or 1 to 9 digits and `.` or `)`, then a
        /// space, a tab or the end of the line), or nil when none does.
        private static func listMarkerEnd(_ line: UnsafeBufferPointer<UInt8>, from index: Int) -> Int? {
            var end = index
            switch line[index] {
            case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"):
                end += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                while end < line.count, end - index < 9, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(line[end]) {
                    end += 1
                }
                guard end < line.count, line[end] == UInt8(ascii: ".") || line[end] == UInt8(ascii: ")") else {
                    return nil
                }
                end += 1
            default:
                return nil
            }
            return end == line.count || line[end] == space || line[end] == tab ? end : nil
        }

        /// Where a line's longest tail of one of `-`, `*`, `_` and spaces and tabs starts, and which of the three it
        /// holds: a thematic break (three or more of it) can only start there or after. Found in one pass from the
        /// end, so a line of thousands of `- ` is not read again from each.
        private struct ThematicBreakTail {
            let start: Int
            let mark: UInt8?

            /// Whether the line from `index` is a thematic break: cmark reads `- - -` as one, not as three list
            /// markers. Reads the tail only from the tail's start on, so at most three times a line (a break ends the
            /// markers; fewer than three marks left make at most two list markers).
            func starts(_ line: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
                guard let mark, index >= start, line[index] == mark else { return false }
                return line[index...].lazy.filter { $0 == mark }.count >= 3
            }
        }

        private static func thematicBreakTail(_ line: UnsafeBufferPointer<UInt8>) -> ThematicBreakTail {
            var start = line.count
            var mark: UInt8?
            while start > 0 {
                let byte = line[start - 1]
                if byte == space || byte == tab || byte == mark {
                    start -= 1
                } else if mark == nil,
                    byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_")
                {
                    mark = byte
                    start -= 1
                } else {
                    break
                }
            }
            return ThematicBreakTail(start: start, mark: mark)
        }
    }
}
