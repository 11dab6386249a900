/// One of N deterministic parts of a project's records, so a batch can run as an array job.
///
/// A record belongs to shard `digest(path relative to the content folder) mod N`, so the split does not depend on
/// the machine, the order files are listed in, or the other records. The shards of a batch are the map: each renders
/// and publishes only its records. The shared pages (home, guide, reports index, assets) are the fan-in's
/// (`Shard.fanIn(of:)`), run once after them; N shards and their fan-in give the same files as one whole build.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// This shard's number, from 1; 0 for the fan-in of a batch.
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

    /// The fan-in of a batch of `count` shards (at least 2): it renders no record, and writes the shared pages from
    /// what the shards published (see `FanIn`).
    public static func fanIn(of count: Int) -> Shard? {
        count >= 2 ? Shard(uncheckedIndex: 0, count: count) : nil
    }

    /// Parses `K/N`, e.g. `2/8`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// `K/N`, or `fan-in of N`.
    public var description: String { isFanIn ? "fan-in of \(count)" : "\(index)/\(count)" }

    /// How the files of this part of a batch are named (`2-of-8`, `index-of-8`).
    var fileLabel: String { isFanIn ? "index-of-\(count)" : "\(index)-of-\(count)" }

    /// What marks the temporary files of this part of a batch (`s2of8`, `iof8`); nil for a whole build.
    var temporaryTag: String? { isWhole ? nil : isFanIn ? "iof\(count)" : "s\(index)of\(count)" }

    /// Whether this is the whole project rather than a part of it.
    public var isWhole: Bool { count == 1 }

    /// Whether this is the fan-in of a batch rather than one of its shards.
    public var isFanIn: Bool { index == 0 }

    /// Whether this part writes the pages every shard shares (home, guide, reports index, assets): a whole build
    /// and the fan-in of a batch do; its shards do not.
    public var writesSharedPages: Bool { isWhole || isFanIn }

    /// Whether a record, by its path relative to the content folder, belongs to this shard (none to a fan-in).
    public func contains(recordPath relativePath: String) -> Bool {
        count == 1 || (!isFanIn && Self.number(of: relativePath, count: count) == index)
    }

    /// The shard (1...count) a record path belongs to.
    public static func number(of relativePath: String, count: Int) -> Int {
        Int(ContentDigest(relativePath).low % UInt64(count)) + 1
    }
}
