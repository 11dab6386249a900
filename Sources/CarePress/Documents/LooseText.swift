import Foundation

/// Texts compared as a reader tells them apart: by their letters and digits only, ignoring case, accents, spacing
/// and punctuation ("Omega-3 (algal oil)", "omega 3 algal oil" and "OMEGA3 ALGAL OIL." are the same text).
enum LooseText {
    /// The key two texts share when a reader would take them for the same: their letters and digits, case and
    /// accents folded. A text with no letter or digit is its own key, so it is never taken for another.
    static func key(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        let kept = String(String.UnicodeScalarView(folded.unicodeScalars.filter(CharacterSet.alphanumerics.contains)))
        return kept.isEmpty ? text : kept
    }

    /// The texts without repeats: each text whose key an earlier one has is left out, so the first spelling stays
    /// and the order is kept.
    static func distinct(_ texts: [String]) -> [String] {
        var seen: Set<String> = []
        return texts.filter { seen.insert(key($0)).inserted }
    }
}
