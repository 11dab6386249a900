/// The names of the files in a folder, held as the sorted 16-byte digests of their bytes rather than as strings: at
/// 100,000 records a report folder holds 200,000 names, and a set of strings was 26 MB of a build's peak (this is 3).
///
/// A name is found by the digest of its bytes, so two names with the same digest would be taken for one another; the
/// digest detects change, not tampering (see `ContentDigest`), and the worst a collision does is keep one stale report
/// until `--force`, as for the manifest's other digests.
struct FileNameSet: Sendable {
    private let digests: [ContentDigest]

    /// The set of some names, each given as its bytes.
    init(digests: [ContentDigest]) {
        self.digests = digests.sorted()
    }

    /// How many names it holds.
    var count: Int { digests.count }

    /// Whether a name (its bytes) is in the set.
    func contains(_ name: some Collection<UInt8>) -> Bool {
        contains(digest: ContentDigest(name))
    }

    /// Whether the name `stem` followed by `suffix` is in the set, without joining them.
    func contains(_ stem: String, suffix: String) -> Bool {
        var hasher = ContentHasher()
        hasher.combine(bytes: stem.utf8)
        hasher.combine(bytes: suffix.utf8)
        return contains(digest: hasher.finalize())
    }

    /// Whether a name with this digest is in the set.
    private func contains(digest: ContentDigest) -> Bool {
        var (low, high) = (0, digests.count)
        while low < high {
            let middle = (low + high) / 2
            if digests[middle] < digest { low = middle + 1 } else { high = middle }
        }
        return low < digests.count && digests[low] == digest
    }
}
