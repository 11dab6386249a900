/// The names of the files in a folder, held as 64 bits of the digests of their bytes rather than as strings: at
/// 100,000 records a report folder holds 200,000 names, and a set of strings was 26 MB of a build's peak (this is 2).
///
/// A name is found by the digest of its bytes (64 bits of it kept), so two names whose digests share those bits, and
/// whose slots lie in one run of the table, would be taken for one another (about one chance in 10^9 among 200,000
/// names); the digest detects change, not tampering (see `ContentDigest`), and the worst a collision does is keep one
/// stale report until `--force`, as for the manifest's other digests.
struct FileNameDigests: Sendable {
    /// An open-addressing table (linear probing from a name's digest's low bits) holding the high 64 bits of each
    /// name's digest, at most four fifths full (a power of two slots: 262,144 for 200,000 names, 2 MB where the
    /// sorted digests were 3.2 MB); an empty slot holds 0. A no-op build looks up two names per record, and a binary
    /// search through 20,000 sorted digests missed the cache at most of its fifteen steps.
    private let slots: [UInt64]
    /// Whether the set holds a name whose 64 bits are 0, the empty slot's.
    private let holdsZero: Bool
    /// How many names it holds.
    let count: Int

    /// The set of some names, each given as its bytes.
    init(digests: [ContentDigest]) {
        var capacity = 8
        while capacity * 4 < digests.count * 5 { capacity *= 2 }
        var slots = [UInt64](repeating: 0, count: capacity)
        var (count, holdsZero) = (0, false)
        let mask = capacity - 1
        for digest in digests {
            guard digest.high != 0 else {
                if !holdsZero { count += 1 }
                holdsZero = true
                continue
            }
            var slot = Int(truncatingIfNeeded: digest.low) & mask
            while slots[slot] != 0 && slots[slot] != digest.high { slot = (slot + 1) & mask }
            if slots[slot] == 0 {
                slots[slot] = digest.high
                count += 1
            }
        }
        self.slots = slots
        self.holdsZero = holdsZero
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
        guard digest.high != 0 else { return holdsZero }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: digest.low) & mask
        while true {
            let held = slots[slot]
            if held == digest.high { return true }
            if held == 0 { return false }
            slot = (slot + 1) & mask
        }
    }
}
