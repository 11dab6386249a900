/// File-name forms of names and ids.
public enum Slug {
    /// The name lower-cased with every run of characters other than `a-z` and `0-9` turned into one `-`,
    /// without a leading or trailing `-` (`ACL Tear` → `acl-tear`). May be empty.
    public static func make(_ name: String) -> String {
        var name = name
        switch name.withUTF8(form) {
        case .slug: return name
        case .ascii: return makeASCII(name)
        case .other: break
        }
        var result = ""
        result.reserveCapacity(name.utf8.count)
        var pendingDash = false
        for scalar in name.unicodeScalars {
            let lower: Unicode.Scalar
            if ("A"..."Z").contains(scalar), let shifted = Unicode.Scalar(scalar.value + 32) {
                lower = shifted
            } else {
                lower = scalar
            }
            if ("a"..."z").contains(lower) || ("0"..."9").contains(lower) {
                if pendingDash && !result.isEmpty { result.append("-") }
                pendingDash = false
                result.unicodeScalars.append(lower)
            } else {
                pendingDash = true
            }
        }
        return result
    }

    private enum Form { case slug, ascii, other }

    /// Whether text is a slug already (ids usually are), other ASCII, or more.
    private static func form(_ bytes: UnsafeBufferPointer<UInt8>) -> Form {
        var isSlug = true
        var previous = UInt8(ascii: "-")
        for byte in bytes {
            if byte >= 0x80 { return .other }
            if byte == UInt8(ascii: "-") {
                if previous == UInt8(ascii: "-") { isSlug = false }
            } else if !((byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")))
            {
                isSlug = false
            }
            previous = byte
        }
        return isSlug && previous != UInt8(ascii: "-") || bytes.isEmpty ? .slug : .ascii
    }

    /// `make` for ASCII text, on bytes.
    private static func makeASCII(_ name: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        var pendingDash = false
        for byte in name.utf8 {
            let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
            if (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z"))
                || (lower >= UInt8(ascii: "0") && lower <= UInt8(ascii: "9"))
            {
                if pendingDash && !bytes.isEmpty { bytes.append(UInt8(ascii: "-")) }
                pendingDash = false
                bytes.append(lower)
            } else {
                pendingDash = true
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
