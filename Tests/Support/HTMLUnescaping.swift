/// The inverse of `HTMLEscaping`, for tests and fuzz targets that check escaped text re-reads as the original.
public enum HTMLUnescaping {
    /// HTML escaped by `HTMLEscaping` decoded back to bytes, left to right (only the five entities it writes).
    public static func bytes(of html: String) -> [UInt8] {
        let entities: [(String, UInt8)] = [
            ("&lt;", UInt8(ascii: "<")), ("&gt;", UInt8(ascii: ">")), ("&quot;", UInt8(ascii: "\"")),
            ("&#39;", UInt8(ascii: "'")), ("&amp;", UInt8(ascii: "&")),
        ]
        let bytes = Array(html.utf8)
        var result: [UInt8] = []
        var index = 0
        scan: while index < bytes.count {
            if bytes[index] == UInt8(ascii: "&") {
                for (entity, byte) in entities where bytes[index...].starts(with: entity.utf8) {
                    result.append(byte)
                    index += entity.utf8.count
                    continue scan
                }
            }
            result.append(bytes[index])
            index += 1
        }
        return result
    }
}
