import Foundation

/// Relative links between output files, so the output works opened from disk or served from any path.
public enum RelativeLink {
    /// The link from the page at `from` to the file at `to`, both relative to the output folder.
    ///
    /// `from: "guide/conditions/acl-tear.html", to: "guide/exercises/step-ups.html"` gives `../exercises/step-ups.html`.
    public static func to(_ target: String, from page: String) -> String {
        var (target, page) = (target, page)
        return page.withUTF8 { pageBytes in
            target.withUTF8 { targetBytes in
                if let below = below(targetBytes, pageBytes) { return below }
                let fromDirectory = components(pageBytes).dropLast()
                let targetParts = components(targetBytes)
                var common = 0
                while common < fromDirectory.count && common < targetParts.count - 1
                    && same(
                        pageBytes, fromDirectory[fromDirectory.startIndex + common], targetBytes, targetParts[common])
                {
                    common += 1
                }
                let ups = fromDirectory.count - common
                let count = 3 * ups + targetParts[common...].reduce(0) { $0 + $1.count + 1 } - 1
                return String(unsafeUninitializedCapacity: max(count, 0)) { link in
                    var end = 0
                    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
                        if end > 0 {
                            link[end] = UInt8(ascii: "/")
                            end += 1
                        }
                        end = link[end...].initialize(fromContentsOf: bytes)
                    }
                    Self.up.withUnsafeBufferPointer { up in for _ in 0..<ups { append(up) } }
                    for part in targetParts[common...] { append(UnsafeBufferPointer(rebasing: targetBytes[part])) }
                    return end
                }
            }
        }
    }

    /// The link to a target in the page's folder or below it, both paths without an empty part: the target's path
    /// after the folder, with no parts to split and join (every entry of the reports index links so). Nil otherwise.
    private static func below(_ target: UnsafeBufferPointer<UInt8>, _ page: UnsafeBufferPointer<UInt8>) -> String? {
        guard isClean(page), isClean(target) else { return nil }
        // The page's folder with its slash (nothing for a page at the top), which the target must start with.
        let folder = (page.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
        guard target.count > folder, folder == 0 || memcmp(page.baseAddress!, target.baseAddress!, folder) == 0 else {
            return nil
        }
        return String(decoding: UnsafeBufferPointer(rebasing: target[folder...]), as: UTF8.self)
    }

    /// Whether a path has parts and no empty one: not empty, no `/` first or last, no `//`.
    private static func isClean(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        let slash = UInt8(ascii: "/")
        guard let first = path.first, let last = path.last, first != slash, last != slash else { return false }
        var previous: UInt8 = 0
        for byte in path {
            if byte == slash && previous == slash { return false }
            previous = byte
        }
        return true
    }

    /// `..`, a part of a link that leads up a folder.
    private static let up: [UInt8] = [UInt8(ascii: "."), UInt8(ascii: ".")]

    /// Whether two parts of two paths are the same bytes.
    private static func same(
        _ one: UnsafeBufferPointer<UInt8>, _ first: Range<Int>, _ other: UnsafeBufferPointer<UInt8>,
        _ second: Range<Int>
    ) -> Bool {
        first.count == second.count
            && (first.isEmpty
                || memcmp(one.baseAddress! + first.lowerBound, other.baseAddress! + second.lowerBound, first.count) == 0)
    }

    /// The prefix that leads from a page back to the output folder, e.g. `../../` (empty at the top).
    public static func root(from page: String) -> String {
        var page = page
        return String(repeating: "../", count: max(0, page.withUTF8 { componentCount($0) } - 1))
    }

    /// The ranges of the non-empty `/`-separated parts of a path.
    private static func components(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        // Counted first, so the array is allocated once rather than grown part by part.
        parts.reserveCapacity(componentCount(bytes))
        forEachComponent(bytes) { parts.append($0) }
        return parts
    }

    /// How many non-empty `/`-separated parts a path has.
    private static func componentCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        forEachComponent(bytes) { _ in count += 1 }
        return count
    }

    @inline(__always)
    private static func forEachComponent(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void) {
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
            if index > start { body(start..<index) }
            start = index + 1
        }
    }
}
