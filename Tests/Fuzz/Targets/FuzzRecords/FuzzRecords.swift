import CarePressTestSupport
import Foundation
import FuzzSupport

@testable import CarePress

/// Fuzz target: JSON record files. Any bytes parse or throw a located `SyntaxError`; what parses prints back to
/// JSON that parses to the same tree; decoding it as each record kind reports every rejection, at positions inside
/// the file. The bytes also go through the reading function (`FileBytes`), from a file and from a pipe, with limits
/// around their size.
func fuzzRecords(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzzing.bytes(data, size)
    checkReading(bytes)
    let node: ContentNode
    do {
        node = try JSONParser.parse(bytes)
    } catch {
        Invariant.requireLocated([error.position], in: bytes)
        return 0
    }

    // Parse, print, parse: the same tree, and printing it again gives the same text.
    let printed = JSONTree.value(of: node).text(sortedKeys: false)
    let reparsed: ContentNode
    do {
        reparsed = try JSONParser.parse(Array(printed.utf8))
    } catch {
        Invariant.fail("printed JSON does not parse: \(error) in \(printed.debugDescription)")
    }
    Invariant.require(JSONTree.same(node, reparsed), "the round trip changed the tree: \(printed.debugDescription)")
    Invariant.require(
        JSONTree.value(of: reparsed).text(sortedKeys: false) == printed, "printing is not stable: \(printed)")

    let loader = RecordLoader(project: FuzzContent.project)
    for kind in RecordKind.allCases {
        let log = DiagnosticLog(file: "Content/\(kind.folder)/fuzz.json")
        let (record, diagnostics) = loader.load(node, kind: kind, log: log)
        Invariant.requireReported(record, diagnostics, "a \(kind.rawValue) record")
        Invariant.requireLocated(diagnostics.map(\.position), in: bytes)
        if let record {
            Invariant.require(record.kind == kind, "a \(kind.rawValue) file loaded as a \(record.kind.rawValue)")
            Invariant.require(
                !diagnostics.contains { $0.severity == .error }, "a record with errors was accepted: \(diagnostics)")
        }
    }
    return 0
}

/// Where `checkReading` writes each input: one file for the process, removed at exit.
private let readingPath: String = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("carepress-fuzz-\(getpid()).json").path
    atexit { unlink(readingPath) }
    return path
}()

/// Finding 5 of issue 40: a file is read whole when its size is within the limit and refused from its size, unread,
/// when it is not; a stream is read to its end within the limit, and no further than one byte past it otherwise.
private func checkReading(_ bytes: [UInt8]) {
    let descriptor = open(readingPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    Invariant.require(descriptor >= 0, "cannot write \(readingPath): errno \(errno)")
    Invariant.require(
        bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count, "short write")
    close(descriptor)
    Invariant.require(FileBytes.contents(readingPath, limit: bytes.count) == .success(bytes), "a file within its limit")
    if !bytes.isEmpty {
        Invariant.require(
            FileBytes.contents(readingPath, limit: bytes.count - 1) == .failure(.tooLarge(bytes.count)),
            "a file one byte over its limit")
    }
    // The inputs are at most 8 KB: a pipe holds them whole, so one thread writes, then reads.
    for limit in Set([bytes.count, bytes.count / 2]) {
        var ends: [Int32] = [0, 0]
        Invariant.require(pipe(&ends) == 0, "pipe: errno \(errno)")
        _ = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        let read = FileBytes.contents(ofStream: ends[0], limit: limit)
        var rest = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 14)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(ends[0], $0.baseAddress, $0.count) }
            if count <= 0 { break }
            rest += count
        }
        close(ends[0])
        if limit >= bytes.count {
            Invariant.require(read == .success(bytes) && rest == 0, "a stream within its limit")
        } else {
            Invariant.require(
                read == .failure(.tooLarge(nil)) && rest == bytes.count - limit - 1,
                "a stream over its limit of \(limit) was read past one byte over it (\(rest) of \(bytes.count) left)")
        }
    }
}
