/// The names of the files in a folder, held as the 16-byte digests of their bytes rather than as strings: at 100,000
/// records a report folder holds 200,000 names, and a set of strings was 26 MB of a build's peak (this is 4).
///
/// A name is found by the digest of its bytes, so two names with the same digest would be taken for one another; the
/// digest detects change, not tampering (see `ContentDigest`), and the worst a collision does is keep one stale report
/// until `--force`, as for the manifest's other digests.
struct FileNameSet: Sendable {
    /// An open-addressing table of the digests (linear probing from a digest's low bits), at most four fifths full
    /// (a power of two slots: 262,144 for 200,000 names); an empty slot holds `vacant`. A no-op build looks up two names per record, and a binary search through
    /// 20,000 sorted digests missed the cache at most of its fifteen steps.
    private let slots: [ContentDigest]
    /// Whether the set holds the digest that stands for an empty slot.
    private let holdsVacant: Bool
    /// How many names it holds.
    let count: Int

    private static let vacant = ContentDigest(high: 0, low: 0)

    /// The set of some names, each given as its bytes.
    init(digests: [ContentDigest]) {
        var capacity = 8
        while capacity * 4 < digests.count * 5 { capacity *= 2 }
        var slots = [ContentDigest](repeating: Self.vacant, count: capacity)
        var (count, holdsVacant) = (0, false)
        let mask = capacity - 1
        for digest in digests {
            if digest == Self.vacant {
                if !holdsVacant { count += 1 }
                holdsVacant = true
                continue
            }
            var slot = Int(truncatingIfNeeded: digest.low) & mask
            while slots[slot] != Self.vacant && slots[slot] != digest { slot = (slot + 1) & mask }
            if slots[slot] == Self.vacant {
                slots[slot] = digest
                count += 1
            }
        }
        self.slots = slots
        self.holdsVacant = holdsVacant
        self.count = count
    }

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
    func contains(digest: ContentDigest) -> Bool {
        guard digest != Self.vacant else { return holdsVacant }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: digest.low) & mask
        while true {
            let held = slots[slot]
            if held == digest { return true }
            if held == Self.vacant { return false }
            slot = (slot + 1) & mask
        }
    }
}
