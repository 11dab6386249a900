/// Relative links between output files, so the output works opened from disk or served from any path.
public enum RelativeLink {
    /// The link from the page at `from` to the file at `to`, both relative to the output folder.
    ///
    /// `from: "guide/conditions/acl-tear.html", to: "guide/exercises/step-ups.html"` gives `../exercises/step-ups.html`.
    public static func to(_ target: String, from page: String) -> String {
        let fromDirectory = page.split(separator: "/").dropLast()
        let targetParts = target.split(separator: "/")
        var common = 0
        while common < fromDirectory.count && common < targetParts.count - 1
            && fromDirectory[fromDirectory.startIndex + common] == targetParts[common]
        {
            common += 1
        }
        let ups = Array(repeating: "..", count: fromDirectory.count - common)
        return (ups + targetParts[common...].map(String.init)).joined(separator: "/")
    }

    /// The prefix that leads from a page back to the output folder, e.g. `../../` (empty at the top).
    public static func root(from page: String) -> String {
        String(repeating: "../", count: page.split(separator: "/").count - 1)
    }
}
