import Testing

@testable import CarePress

/// `NodeReader.object` reads an object with only known keys, each once, from its own members, and copies the
/// members only from the first one it leaves out; what it keeps and reports is the same either way.
@Suite("Node reader: objects")
struct NodeReaderObjectTests {
    func read(_ json: String) throws -> (object: ObjectReader?, messages: [String]) {
        let log = DiagnosticLog(file: "record.json")
        let node = try JSONParser.parse(Array(json.utf8))
        let object = NodeReader(log: log).object(node, .root, keys: ["a", "b", "c"])
        return (object, log.diagnostics.map(\.message))
    }

    @Test func aCleanObjectIsReadAsItIs() throws {
        let (object, messages) = try read(#"{"a": "1", "c": "3"}"#)
        #expect(messages.isEmpty)
        #expect(object?.optionalString("a") == "1")
        #expect(object?.optionalString("b") == nil)
        #expect(object?.optionalString("c") == "3")
    }

    @Test func membersAfterOneLeftOutAreKeptAndTheFirstOfADuplicateWins() throws {
        let (object, messages) = try read(#"{"a": "1", "x": "0", "a": "2", "b": "3", "x": "4", "c": "5"}"#)
        // A repeated unknown key is unknown each time: it was never kept, so it is no duplicate.
        #expect(messages == ["unknown key 'x'", "duplicate key 'a'", "unknown key 'x'"])
        #expect(object?.optionalString("a") == "1")
        #expect(object?.optionalString("b") == "3")
        #expect(object?.optionalString("c") == "5")
    }

    @Test func aDuplicateBeforeAnyUnknownKeyIsReported() throws {
        let (object, messages) = try read(#"{"b": "1", "b": "2", "c": "3"}"#)
        #expect(messages == ["duplicate key 'b'"])
        #expect(object?.optionalString("b") == "1")
        #expect(object?.optionalString("c") == "3")
    }
}
