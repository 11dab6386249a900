import Foundation
import Testing

@testable import CarePress

@Suite("The executable's build id fingerprints the tool")
struct ELFBuildIDTests {
    /// A minimal 64-bit little-endian ELF file: a header, one program header table of `segments` (type, notes), and
    /// the notes of each segment after it. Each note is (name, type, description).
    static func elf(segments: [(type: UInt32, notes: [(name: String, type: UInt32, description: [UInt8])])]) -> [UInt8]
    {
        func little(_ value: UInt64, _ size: Int) -> [UInt8] {
            (0..<size).map { UInt8(truncatingIfNeeded: value >> UInt64(8 * $0)) }
        }
        func padded(_ bytes: [UInt8]) -> [UInt8] { bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4) }
        let payloads = segments.map { segment in
            segment.notes.flatMap { note -> [UInt8] in
                let name = Array(note.name.utf8) + [0]
                return little(UInt64(name.count), 4) + little(UInt64(note.description.count), 4)
                    + little(UInt64(note.type), 4) + padded(name) + padded(note.description)
            }
        }
        var header = [UInt8](repeating: 0, count: 64)
        header.replaceSubrange(0..<6, with: [0x7F, 0x45, 0x4C, 0x46, 2, 1])
        header.replaceSubrange(0x20..<0x28, with: little(64, 8))
        header.replaceSubrange(0x36..<0x38, with: little(56, 2))
        header.replaceSubrange(0x38..<0x3A, with: little(UInt64(segments.count), 2))
        var table: [UInt8] = []
        var offset = 64 + 56 * segments.count
        for (segment, payload) in zip(segments, payloads) {
            var entry = [UInt8](repeating: 0, count: 56)
            entry.replaceSubrange(0..<4, with: little(UInt64(segment.type), 4))
            entry.replaceSubrange(8..<16, with: little(UInt64(offset), 8))
            entry.replaceSubrange(32..<40, with: little(UInt64(payload.count), 8))
            table += entry
            offset += payload.count
        }
        return header + table + payloads.flatMap { $0 }
    }

    static func buildID(in file: [UInt8]) -> [UInt8]? {
        ELFBuildID.read { offset, count in
            offset >= 0 && count >= 0 && offset + count <= file.count ? Array(file[offset..<offset + count]) : nil
        }
    }

    static let id: [UInt8] = Array(0..<20)

    @Test func findsTheGNUBuildIDNoteAfterOtherNotesAndSegments() {
        let file = Self.elf(segments: [
            (type: 1, notes: []),
            (type: 4, notes: [(name: "GNU", type: 5, description: [1, 2, 3, 4, 5, 6, 7, 8])]),
            (
                type: 4,
                notes: [
                    (name: "Go", type: 3, description: Array(repeating: 9, count: 16)),
                    (name: "GNU", type: 3, description: Self.id),
                ]
            ),
        ])
        #expect(Self.buildID(in: file) == Self.id)
    }

    @Test func noIDWhenThereIsNoneOrTheFileIsNotELF64OrIsCutShort() {
        let withoutID = Self.elf(segments: [(type: 4, notes: [(name: "GNU", type: 1, description: [0, 0, 0, 0])])])
        #expect(Self.buildID(in: withoutID) == nil)
        let tooShort = Self.elf(segments: [(type: 4, notes: [(name: "GNU", type: 3, description: [1, 2, 3, 4])])])
        #expect(Self.buildID(in: tooShort) == nil)
        let good = Self.elf(segments: [(type: 4, notes: [(name: "GNU", type: 3, description: Self.id)])])
        #expect(Self.buildID(in: Array(good.dropLast(4))) == nil)
        var thirtyTwoBit = good
        thirtyTwoBit[4] = 1
        #expect(Self.buildID(in: thirtyTwoBit) == nil)
        #expect(
            Self.buildID(in: Array("#!/bin/sh\necho not an executable, but long enough to have a header\n".utf8)) == nil
        )
    }

    /// The fingerprint skips digesting the executable only because the build id stands for its bytes: a different
    /// build id must give a different fingerprint (so every record is rendered again), the same one the same.
    @Test func fingerprintFollowsTheBuildIDAndFallsBackToTheBytes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("buildid-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ bytes: [UInt8], _ name: String) throws -> String {
            let path = folder.appendingPathComponent(name).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }
        func withID(_ id: [UInt8], padding: UInt8) -> [UInt8] {
            Self.elf(segments: [(type: 4, notes: [(name: "GNU", type: 3, description: id)])]) + [padding]
        }
        let first = try write(withID(Self.id, padding: 0), "a")
        let sameID = try write(withID(Self.id, padding: 1), "b")
        let otherID = try write(withID(Self.id.reversed(), padding: 0), "c")
        let fingerprint = CarePressVersion.fingerprint(ofExecutable: first)
        #expect(fingerprint != nil)
        #expect(CarePressVersion.fingerprint(ofExecutable: sameID) == fingerprint)
        #expect(CarePressVersion.fingerprint(ofExecutable: otherID) != fingerprint)
        // Without a build id, the bytes themselves.
        let script = try write(Array("#!/bin/sh\necho one\n".utf8), "d")
        let otherScript = try write(Array("#!/bin/sh\necho two\n".utf8), "e")
        #expect(CarePressVersion.fingerprint(ofExecutable: script) != nil)
        #expect(
            CarePressVersion.fingerprint(ofExecutable: script)
                != CarePressVersion.fingerprint(ofExecutable: otherScript))
        #expect(CarePressVersion.fingerprint(ofExecutable: folder.appendingPathComponent("missing").path) == nil)
        #if os(Linux)
            // The linker gave this test program a build id, so the running tool's fingerprint costs no digest.
            #expect(ELFBuildID.read("/proc/self/exe") != nil)
        #endif
    }
}
