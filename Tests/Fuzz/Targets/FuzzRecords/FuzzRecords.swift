import CarePressTestSupport
import FuzzSupport

@testable import CarePress

/// Fuzz target: JSON record files. Any bytes parse or throw a located `SyntaxError`; what parses prints back to
/// JSON that parses to the same tree; decoding it as each record kind reports every rejection, at positions inside
/// the file.
func fuzzRecords(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzzing.bytes(data, size)
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
