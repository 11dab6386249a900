/// Relative links between output files, so the output works opened from disk or served from any path.
public enum RelativeLink {
    /// The link from the page at `from` to the file at `to`, both relative to the output folder.
    ///
    /// `from: "guide/conditions/acl-tear.html", to: "guide/exercises/step-ups.html"` gives `../exercises/step-ups.html`.
    public static func to(_ target: String, from page: String) -> String {
        let pageBytes = Array(page.utf8)
        let targetBytes = Array(target.utf8)
        let fromDirectory = components(pageBytes).dropLast()
        let targetParts = components(targetBytes)
        var common = 0
        while common < fromDirectory.count && common < targetParts.count - 1
            && pageBytes[fromDirectory[fromDirectory.startIndex + common]]
                .elementsEqual(targetBytes[targetParts[common]])
        {
            common += 1
        }
        var link: [UInt8] = []
        link.reserveCapacity(targetBytes.count + 3 * (fromDirectory.count - common))
        for _ in common..<fromDirectory.count {
            if !link.isEmpty { link.append(UInt8(ascii: "/")) }
            link += [UInt8(ascii: "."), UInt8(ascii: ".")]
        }
        for part in targetParts[common...] {
            if !link.isEmpty { link.append(UInt8(ascii: "/")) }
            link += targetBytes[part]
        }
        return String(decoding: link, as: UTF8.self)
    }

    /// The prefix that leads from a page back to the output folder, e.g. `../../` (empty at the top).
    public static func root(from page: String) -> String {
        String(repeating: "../", count: max(0, components(Array(page.utf8)).count - 1))
    }

    /// The ranges of the non-empty `/`-separated parts of a path.
    private static func components(_ bytes: [UInt8]) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
            if index > start { parts.append(start..<index) }
            start = index + 1
        }
        return parts
    }
}
