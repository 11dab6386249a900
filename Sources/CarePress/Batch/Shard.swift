/// One of N deterministic parts of a project's records, so a batch can run as an array job.
///
/// A record belongs to shard `digest(path relative to the content folder) mod N`, so the split does not depend on
/// the machine, the order files are listed in, or the other records. Shard 1 also writes the shared pages (home,
/// guide, reports index, assets); N shards written into one output folder give the same files as one full build.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// This shard's number, from 1.
    public let index: Int
    /// How many shards there are.
    public let count: Int

    /// The whole project as one shard.
    public static let all = Shard(uncheckedIndex: 1, count: 1)

    /// Creates shard `index` of `count`, or nil unless 1 ≤ index ≤ count.
    public init?(index: Int, count: Int) {
        guard count >= 1, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    private init(uncheckedIndex index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses `K/N`, e.g. `2/8`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }

    /// Whether this is the whole project rather than a part of it.
    public var isWhole: Bool { count == 1 }

    /// Whether this shard writes the pages every shard shares (home, guide, reports index, assets).
    public var writesSharedPages: Bool { index == 1 }

    /// Whether a record, by its path relative to the content folder, belongs to this shard.
    public func contains(recordPath relativePath: String) -> Bool {
        count == 1 || Self.number(of: relativePath, count: count) == index
    }

    /// The shard (1...count) a record path belongs to.
    public static func number(of relativePath: String, count: Int) -> Int {
        Int(ContentDigest(relativePath).low % UInt64(count)) + 1
    }
}
