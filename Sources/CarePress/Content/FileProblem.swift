import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why an input file cannot be read, or an input folder listed, in words, from what the file system says of it
/// now: a symbolic link whose target is missing (an unmounted share) or that loops, a folder where a file should be,
/// a pipe or a device, no permission.
///
/// Only asked after a read or a listing failed, so it costs nothing when everything can be read. It never opens
/// anything that is not a regular file or a folder (a FIFO would block).
enum FileProblem {
    /// What is wrong with a folder that could not be listed.
    enum Folder: Equatable {
        /// Nothing is there (nor a link): the folder is simply absent.
        case missing
        /// Something is there that cannot be listed as a folder, for this reason.
        case unreadable(String)
    }

    /// Why the file at `path` cannot be read, or nil when nothing looks wrong with it now.
    static func file(_ path: String) -> String? {
        var link = stat()
        guard lstat(path, &link) == 0 else { return errno == ENOENT ? "it does not exist" : describe(errno) }
        var info = stat()
        guard stat(path, &info) == 0 else { return brokenLink(path, errno: errno, link: link) }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else { return notRegular(type) }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return describe(errno) }
        close(descriptor)
        return nil
    }

    /// What is wrong with the folder at `path`, or nil when it can be listed.
    static func folder(_ path: String) -> Folder? {
        var link = stat()
        guard lstat(path, &link) == 0 else { return errno == ENOENT ? .missing : .unreadable(describe(errno)) }
        var info = stat()
        guard stat(path, &info) == 0 else { return .unreadable(brokenLink(path, errno: errno, link: link)) }
        let type = info.st_mode & S_IFMT
        guard type == S_IFDIR else {
            return .unreadable(type == S_IFREG ? "it is a file, not a folder" : notRegular(type))
        }
        guard let directory = opendir(path) else { return .unreadable(describe(errno)) }
        closedir(directory)
        return nil
    }

    /// Why a path that `lstat` found cannot be followed by `stat`.
    private static func brokenLink(_ path: String, errno code: Int32, link: stat) -> String {
        guard (link.st_mode & S_IFMT) == S_IFLNK else { return describe(code) }
        switch code {
        case ENOENT: return "it is a symbolic link to \(target(of: path)), which does not exist"
        case ELOOP: return "it is a symbolic link that loops (too many levels of symbolic links)"
        default: return "it is a symbolic link to \(target(of: path)), which cannot be followed: \(describe(code))"
        }
    }

    /// What a path that is not a regular file is, as the reason it is not read.
    private static func notRegular(_ type: mode_t) -> String {
        switch type {
        case S_IFDIR: "it is a folder, not a file"
        case S_IFIFO: "it is a named pipe (FIFO), not a regular file"
        case S_IFSOCK: "it is a socket, not a regular file"
        case S_IFCHR, S_IFBLK: "it is a device, not a regular file"
        default: "it is not a regular file"
        }
    }

    /// A symbolic link's target as display text, quoted.
    private static func target(of path: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        let count = readlink(path, &buffer, buffer.count)
        guard count >= 0 else { return "a target that cannot be read" }
        return "'" + DisplayText.fileName(bytes: buffer[..<count].map { UInt8(bitPattern: $0) }) + "'"
    }

    /// The system's words for an error number (`Permission denied`), in lower case as a message continues.
    static func describe(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
