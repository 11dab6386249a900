/// The units of number answers as UCUM codes (<https://ucum.org>), for FHIR `Quantity` values.
enum FHIRUnits {
    /// The UCUM code system.
    static let system = "http://unitsofmeasure.org"

    /// The UCUM code of a unit as a questionnaire writes it, if it is one CarePress knows; otherwise the
    /// quantity keeps the unit as text only (never a guessed code).
    static func ucum(_ unit: String) -> String? {
        switch unit.lowercased() {
        case "year", "years": "a"
        case "month", "months": "mo"
        case "week", "weeks": "wk"
        case "day", "days": "d"
        case "hour", "hours": "h"
        case "minute", "minutes": "min"
        case "kg", "kilograms": "kg"
        case "cm", "centimetres", "centimeters": "cm"
        case "mg": "mg"
        case "%", "percent": "%"
        default: nil
        }
    }

    /// A `Quantity` (or `Age`): the value, the unit as written, and its UCUM code where known.
    static func quantity(_ value: Double, unit: String) -> JSONValue {
        var members: [(String, JSONValue)] = [("value", .number(value)), ("unit", .string(unit))]
        if let code = ucum(unit) { members += [("system", .string(system)), ("code", .string(code))] }
        return .object(members)
    }
}
