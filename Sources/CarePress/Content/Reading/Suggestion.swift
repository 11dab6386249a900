/// Did-you-mean suggestions for misspelt ids and names.
enum Suggestion {
    /// The candidate closest to `word` by edit distance, if it is close enough to be a plausible typo.
    static func closest<S: Sequence>(to word: String, in candidates: S) -> String? where S.Element == String {
        let target = Array(word.lowercased().unicodeScalars)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
            if distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        guard let best else { return nil }
        let allowed = max(2, target.count / 3)
        return best.distance <= allowed ? best.name : nil
    }

    /// A hint sentence for an unknown value: a did-you-mean, else the list of valid values when it is short.
    static func hint<S: Sequence>(for word: String, in candidates: S) -> String? where S.Element == String {
        let all = Array(candidates)
        if let match = closest(to: word, in: all) {
            return "did you mean '\(match)'?"
        }
        if !all.isEmpty && all.count <= 12 {
            return "expected one of: " + all.sorted().map { "'\($0)'" }.joined(separator: ", ")
        }
        return nil
    }

    /// Levenshtein distance between two scalar arrays.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
