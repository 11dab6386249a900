import CFileSystem

/// Whether a folder is on a file system of this machine's own disks or memory: ext4, XFS, Btrfs, ZFS, F2FS, tmpfs or
/// overlayfs.
///
/// There, a file a process wrote is lost only if this machine stops before writing it back, which `BootIdentity`
/// tells, so a build may leave its files to the system (see `BuildOptions.sync`). Anything else is not assumed to
/// be: a network file system (NFS, SMB, Lustre, CephFS), written from machines whose boots this one cannot see (the
/// shards of one batch on a cluster's nodes); FUSE; FAT and exFAT, mostly on drives that are unplugged; or a system
/// without Linux's `statfs` types. A build into such a folder flushes its files as with `--sync`.
enum LocalFileSystem {
    /// Whether `path` (an existing folder) is on one of these file systems.
    static func contains(_ path: String) -> Bool {
        localTypes.contains(Int64(carepress_file_system_type(path)))
    }

    /// The `statfs` magic numbers of the local file systems (`linux/magic.h`).
    private static let localTypes: Set<Int64> = [
        0xEF53,  // ext2, ext3, ext4
        0x5846_5342,  // XFS
        0x9123_683E,  // Btrfs
        0x2FC1_2FC1,  // ZFS
        0xF2F5_2010,  // F2FS
        0x0102_1994,  // tmpfs
        0x794C_7630,  // overlayfs
    ]
}
