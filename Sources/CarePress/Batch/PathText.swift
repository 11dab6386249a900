/// Path arithmetic on text, with no file system involved.
///
/// Foundation's `NSString.deletingLastPathComponent` traps (SIGILL) on Linux for a path whose only component is one
/// character (`.`, `c`, `c/`), so `carepress build --content .` crashed before it read anything. CarePress works out
/// parent folders here instead.
public enum PathText {
    /// The folder part of `path`: what comes before its last component, without trailing slashes. A component at the
    /// root gives `/`, and a lone component (`Content`, `.`, `c/`) gives the empty string. On a path without repeated
    /// slashes where Foundation does not trap, this is what `NSString.deletingLastPathComponent` gives; repeated slashes
    /// are kept as written (Foundation folds them).
    public static func parent(of path: String) -> String {
        let bytes = Array(path.utf8)
        guard var cut = lastComponent(in: bytes)?.lowerBound else { return bytes.isEmpty ? "" : "/" }
        if cut == 0 { return "" }
        while cut > 0, bytes[cut - 1] == slash { cut -= 1 }
        return cut == 0 ? "/" : String(decoding: bytes[..<cut], as: UTF8.self)
    }

    /// The last component of `path`, trailing slashes aside: `c` for `a/c/`, `/` for `/`.
    public static func lastComponent(of path: String) -> String {
        let bytes = Array(path.utf8)
        guard let range = lastComponent(in: bytes) else { return bytes.isEmpty ? "" : "/" }
        return String(decoding: bytes[range], as: UTF8.self)
    }

    private static let slash = UInt8(ascii: "/")

    /// Where the last component of a path is, trailing slashes aside; nil when the path is empty or only slashes.
    private static func lastComponent(in bytes: [UInt8]) -> Range<Int>? {
        var end = bytes.count
        while end > 0, bytes[end - 1] == slash { end -= 1 }
        if end == 0 { return nil }
        var start = end
        while start > 0, bytes[start - 1] != slash { start -= 1 }
        return start..<end
    }
}
