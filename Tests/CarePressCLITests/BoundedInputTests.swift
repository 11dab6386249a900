import CarePressTestSupport
import Foundation
import Testing

/// Finding 5 of issue 40, end to end: a 2 GiB sparse record cost 6-7.5 s and 2.1 GB before its size was checked, and
/// `export -` read standard input without bound (4.2 GB in 5 s from `yes`). Both are refused after reading at most
/// the limit plus one byte: the tests count what the program consumed, and its peak memory, never a clock.
@Suite("Bounded input, end to end")
struct BoundedInputTests {
    /// A pipe whose write end a thread fills with `y\n` until the reader goes away or `cap` bytes are written, counting
    /// what it wrote: the reader consumed at most that, and at least that minus what the pipe holds.
    final class EndlessInput: @unchecked Sendable {
        let readEnd: Int32
        private let writeEnd: Int32
        /// How many bytes the pipe holds unread at most.
        let capacity: Int
        private let done = DispatchSemaphore(value: 0)
        private var written = 0

        init(cap: Int) {
            signal(SIGPIPE, SIG_IGN)
            var ends: [Int32] = [0, 0]
            _ = pipe(&ends)
            (readEnd, writeEnd) = (ends[0], ends[1])
            // Not inherited by other programs the tests start meanwhile (the child gets the read end as its stdin).
            _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
            // F_GETPIPE_SZ (Linux): what the pipe holds unread; 64 KB by default.
            let size = fcntl(writeEnd, 1032)
            capacity = size > 0 ? Int(size) : 1 << 20
            Thread { [self] in
                let chunk = [UInt8](repeating: UInt8(ascii: "y"), count: 1 << 16).enumerated().map {
                    $0.offset % 2 == 1 ? UInt8(ascii: "\n") : $0.element
                }
                while written < cap {
                    let count = chunk.withUnsafeBytes { write(writeEnd, $0.baseAddress, min($0.count, cap - written)) }
                    if count <= 0 { break }
                    written += count
                }
                close(writeEnd)
                done.signal()
            }.start()
        }

        /// Closes the caller's read end (the child has its own) so that the writer sees the reader go, and waits for
        /// the writer; returns how many bytes it wrote.
        func finish() -> Int {
            close(readEnd)
            done.wait()
            return written
        }
    }

    @Test(
        "export - refuses an endless standard input after the limit plus one byte",
        arguments: [
            (
                [String](), 16 << 20,
                "the document to export is more than 16777216 bytes; a document to export may be at most 16777216 bytes (16 MiB)"
            ),
            (
                ["--kind", "consult"], 1 << 20,
                "the record is more than 1048576 bytes; a record may be at most 1048576 bytes (1 MiB)"
            ),
        ])
    func endlessStandardInput(options: [String], limit: Int, error: String) throws {
        let input = EndlessInput(cap: 4 * limit + (8 << 20))
        let result = try CLI.run(
            ["export", "-"] + options, in: FileManager.default.temporaryDirectory, stdin: input.readEnd, deadline: 120)
        let written = input.finish()
        #expect(!result.timedOut)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("<stdin>:1:1: error: " + error + "\n"), "\(result.stderr)")
        #expect(written <= limit + 1 + input.capacity, "the export consumed up to \(written) bytes")
        let read = try #require(result.bytesRead)
        #expect(read > limit && read <= limit + 1 + (1 << 20), "the export read \(read) bytes")
    }

    @Test("A sparse record of 2 GiB is refused from its size, unread")
    func sparseRecord() throws {
        let temporary = try TemporaryProject("sparse")
        defer { withExtendedLifetime(temporary) {} }
        let root = temporary.root
        try FileManager.default.copyItem(
            at: CLI.repository.appendingPathComponent("Content"), to: root.appendingPathComponent("Content"))
        let record = root.appendingPathComponent("Content/consults/zz-sparse.json").path
        #expect(FileManager.default.createFile(atPath: record, contents: nil))
        #expect(truncate(record, 2 << 30) == 0)
        for command in [["check"], ["build", "--quiet", "--output", "Output"], ["export", record]] {
            let result = try CLI.run(command, in: root, deadline: 120)
            #expect(!result.timedOut)
            #expect(result.status == 1, "\(command[0]): \(result.stderr)")
            // Export takes any kind of document, so it holds a file to the largest limit until it knows the kind.
            let error =
                command[0] == "export"
                ? record + ":1:1: error: the document to export is 2147483648 bytes; a document to export may be at"
                    + " most 16777216 bytes (16 MiB)"
                : "Content/consults/zz-sparse.json:1:1: error: the record is 2147483648 bytes; a record may be at most"
                    + " 1048576 bytes (1 MiB)"
            #expect(result.stderr.contains(error), "\(command[0]): \(result.stderr)")
            // The whole run reads a small fraction of the record's 2 GiB (the sample project, the manifest).
            let read = try #require(result.bytesRead)
            #expect(read < 64 << 20, "\(command[0]) read \(read) bytes")
        }
    }
}
