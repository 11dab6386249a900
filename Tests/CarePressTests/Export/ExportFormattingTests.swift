import Foundation
import Testing

@testable import CarePress

/// The small pieces the exports are written with: JSON text, FHIR ids and canonicals, dates.
@Suite("Export: JSON text and FHIR names")
struct ExportFormattingTests {
    @Test func jsonTextEscapesOnlyWhatJSONRequiresAndSortsKeysWhenAsked() {
        let value = JSONValue.object([
            ("b", .string("quote \" backslash \\ newline \n tab \t nul \u{0} bell \u{7} é 🙏 \u{202E} </script>")),
            ("a", .array([.integer(1), .number(2.5), .number(29), .number(1e300), .bool(false), .null])),
            ("c", .object([])),
            ("d", .array([])),
        ])
        #expect(
            value.text(sortedKeys: true) == """
                {
                  "a": [
                    1,
                    2.5,
                    29,
                    1e+300,
                    false,
                    null
                  ],
                  "b": "quote \\" backslash \\\\ newline \\n tab \\t nul \\u0000 bell \\u0007 é 🙏 \u{202E} </script>",
                  "c": {},
                  "d": []
                }

                """)
        #expect(value.text(sortedKeys: false).hasPrefix("{\n  \"b\""))
    }

    @Test func jsonTextIsWhatFoundationReadsBack() throws {
        let text = "line\r\nnext \u{1F} \u{2028} \"x\""
        let value = JSONValue.object([("text", .string(text)), ("n", .number(-0.1))])
        let data = Data(value.text(sortedKeys: true).utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["text"] as? String == text)
        #expect(object["n"] as? Double == -0.1)
    }

    @Test(arguments: [
        ("hl-2026-0001", "hl-2026-0001"), ("A.b-9", "A.b-9"),
    ])
    func validIDsAreKept(id: String, expected: String) {
        #expect(FHIRNames.resourceID(id) == expected)
    }

    @Test(arguments: ["HL 2026/0001", "zoë_ü", "", "<script>", String(repeating: "x", count: 65), "a_b", "a b"])
    func otherIDsBecomeValidDistinctIDs(id: String) {
        let safe = FHIRNames.resourceID(id)
        #expect(FHIRNames.isValidID(safe), "\(safe)")
        #expect(safe.count <= 64)
        #expect(safe != FHIRNames.resourceID(id + "x"))
        #expect(safe == FHIRNames.resourceID(id))
    }

    @Test func idsThatDifferOnlyInUnsafeCharactersStayApart() {
        #expect(FHIRNames.resourceID("a_b") != FHIRNames.resourceID("a b"))
        #expect(FHIRNames.resourceID("HL 1").hasPrefix("HL-1-"))
    }

    @Test func canonicalsAndCodeSystemsAreBuiltFromIDsAndVersion() {
        var schema = ConsultSchema(
            id: "hair-loss", version: "1.1", title: "Hair", intro: nil,
            questions: [
                ConsultSchema.Question(
                    id: "areas", prompt: "Where?", type: .multipleChoice, options: [], additionalInfo: nil,
                    unit: nil, required: true, next: [])
            ], source: "x")
        #expect(FHIRNames().questionnaireURL(schema) == "urn:carepress:questionnaire:hair-loss")
        #expect(FHIRNames().questionnaireCanonical(schema) == "urn:carepress:questionnaire:hair-loss|1.1")
        #expect(FHIRNames().optionSystem(schema, schema.questions[0]) == "urn:carepress:options:hair-loss:areas")
        schema.version = "2 beta|ü"
        #expect(FHIRNames().questionnaireCanonical(schema) == "urn:carepress:questionnaire:hair-loss|2%20beta%7C%C3%BC")
    }

    @Test(arguments: [
        ("2026-11-02t09:19:30z", "2026-11-02T09:19:30Z"),
        ("2026-11-02 09:19:30.25+02:00", "2026-11-02T09:19:30.25+02:00"),
        ("2026-11-02T09:19:30-05:30", "2026-11-02T09:19:30-05:30"),
    ])
    func dateTimesAreWrittenAsFHIRWantsThem(text: String, expected: String) throws {
        let timestamp = try #require(Timestamp(rfc3339: text))
        #expect(FHIRNames.dateTime(timestamp) == expected)
    }

    @Test(arguments: [
        ("2026-11-07T13:44:12+02:00", "2026-11-07T11:44:12Z"), ("2026-01-01T00:30:00+01:00", "2025-12-31T23:30:00Z"),
        ("1969-12-31T23:59:59.5Z", "1969-12-31T23:59:59Z"), ("2024-02-29T22:00:00-03:00", "2024-03-01T01:00:00Z"),
    ])
    func timestampsAreNormalisedToUTC(text: String, expected: String) throws {
        let timestamp = try #require(Timestamp(rfc3339: text))
        #expect(ExportDocument.utcText(timestamp) == expected)
    }

    @Test func civilDatesRoundTripThroughDayNumbers() throws {
        for dayNumber in stride(from: -800_000, through: 800_000, by: 997) {
            let date = ExportDocument.civilDate(fromDayNumber: dayNumber)
            let calendar = try #require(CalendarDate(year: date.year, month: date.month, day: date.day))
            #expect(calendar.dayNumber == dayNumber)
        }
    }
}
