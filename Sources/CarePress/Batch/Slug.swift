/// File-name forms of names and ids.
public enum Slug {
    /// The name lower-cased with every run of characters other than `a-z` and `0-9` turned into one `-`,
    /// without a leading or trailing `-` (`ACL Tear` → `acl-tear`). May be empty.
    public static func make(_ name: String) -> String {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return makeASCII(name) }
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
