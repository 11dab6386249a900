#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard input read whole for a command that takes its document there (`carepress markdown`), within a bound:
/// at most the limit plus one byte is read, and a read that fails (standard input is a folder: EISDIR) is an error
/// in words, never a trap (Foundation's `FileHandle.readDataToEndOfFile` traps on it).
public enum StandardInput {
    /// Why standard input was not read, in words.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The most `carepress markdown` reads: 16 MiB, sixteen times the largest guide page.
    public static let markdownLimit = 16 << 20

    /// Standard input's bytes up to its end, or why not.
    public static func read(limit: Int) -> Result<[UInt8], Failure> {
        switch FileBytes.contents(ofStream: STDIN_FILENO, limit: limit) {
        case .success(let bytes):
            return .success(bytes)
        case .failure(.tooLarge):
            return .failure(Failure(description: "standard input holds more than \(limit) bytes, the most read"))
        case .failure(.system(let code)):
            return .failure(Failure(description: "cannot read standard input: " + FileSystemFailure.reason(code)))
        case .failure(.notRegularFile(let kind)):
            return .failure(Failure(description: "cannot read standard input: it is \(kind)"))
        }
    }
}
