/// File-name forms of names and ids.
public enum Slug {
    /// The name lower-cased with every run of characters other than `a-z` and `0-9` turned into one `-`,
    /// without a leading or trailing `-` (`ACL Tear` → `acl-tear`). May be empty.
    public static func make(_ name: String) -> String {
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
}
