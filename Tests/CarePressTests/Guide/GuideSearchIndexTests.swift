import CarePress
import Foundation
import Testing

@Suite("Guide search index")
struct GuideSearchIndexTests {
    struct Decoded: Decodable {
        struct Area: Decodable, Equatable {
            var id: String
            var name: String
        }

        var matcher: MatcherIndex
        var pages: [String: String]
        var areas: [Area]
        var emergency: EmergencyScreen
    }

    static let prefix = "window.CAREPRESS_INDEX = "

    /// The JSON the script assigns.
    static func decode(_ script: String) throws -> Decoded {
        let start = try #require(script.range(of: prefix))
        let json = script[start.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(json.hasSuffix("};"))
        return try JSONDecoder().decode(Decoded.self, from: Data(json.dropLast().utf8))
    }

    @Test func theBuildWritesTheMatchersIndexAsAScriptWithEachConditionsPage() throws {
        let sample = try BuiltSample.load()
        let script = try sample.read(GuideSearchIndex.path)
        #expect(script.hasPrefix("// "))
        let decoded = try Self.decode(script)
        #expect(decoded.matcher == MatcherIndex(knowledge: sample.knowledge))
        #expect(decoded.areas.map(\.id) == sample.knowledge.areas.map(\.id))
        #expect(decoded.pages.count == sample.knowledge.conditions.count)
        #expect(decoded.emergency == EmergencyScreen(knowledge: sample.knowledge))
        #expect(decoded.emergency.signs.count >= 7, "the sample's emergency signs go to the page's screen")
        for condition in sample.knowledge.conditions {
            let page = try #require(decoded.pages[condition.name])
            #expect(page == "conditions/\(condition.slug).html")
            #expect(sample.exists("guide/\(page)"), "\(page) exists next to the guide's home page")
        }
    }

    @Test func theScriptIsTheSameForTheSameKnowledgeAndHasSortedKeys() throws {
        let sample = try BuiltSample.load()
        let one = GuideSearchIndex(knowledge: sample.knowledge).script
        let two = GuideSearchIndex(knowledge: sample.knowledge).script
        #expect(one == two)
        #expect(one.contains("{\"areas\":[{\"id\":\"neck\",\"name\":\"Neck\"}"))
        #expect(one.contains("{\"area\":\"knee\",\"name\":\"ACL Tear\",\"slug\":\"acl-tear\",\"strongWords\":["))
        #expect(!one.contains("\\/"), "slashes are not escaped")
    }

    @Test func theSearchAssetsAreSmallAndLoadNothingElse() throws {
        let sample = try BuiltSample.load()
        for script in ["assets/search.js", "assets/emergency.js"] {
            let search = try sample.read(script)
            for forbidden in ["fetch(", "XMLHttpRequest", "Worker(", "WebAssembly", "import(", "http://", "https://"] {
                #expect(!search.contains(forbidden), "\(script) must not use \(forbidden)")
            }
            #expect(search.contains("window.CAREPRESS_INDEX"))
        }
    }
}
