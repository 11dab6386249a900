import CarePress
import CarePressTestSupport
import FuzzSupport

/// Fuzz target: HTML escaping, alone and through templates. The escape leaves no `<`, `>`, `"` or `'` scalar and
/// decodes back to the same bytes; rendered into every HTML template of the default theme (every value set to the
/// input), a value adds no `<`, `>`, `"` or `'` that the same render with a plain value does not have.
func fuzzHTMLEscaping(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: Fuzzing.bytes(data, size), as: UTF8.self)
    let escaped = HTMLEscaping.escaped(text)
    for scalar in escaped.unicodeScalars {
        Invariant.require(!TemplateValues.markup.contains(scalar), "raw \(scalar) in \(escaped.debugDescription)")
    }
    Invariant.require(
        HTMLUnescaping.bytes(of: escaped).elementsEqual(text.utf8), "\(escaped.debugDescription) decodes differently")

    // An empty value switches sections off, so it would render different markup for a good reason.
    guard !text.isEmpty else { return 0 }
    for name in TemplateValues.htmlTemplates {
        let plain = TemplateValues.render(name, value: "plain")
        let attacked = TemplateValues.render(name, value: text)
        for scalar in TemplateValues.markup {
            let expected = plain.unicodeScalars.count { $0 == scalar }
            let found = attacked.unicodeScalars.count { $0 == scalar }
            Invariant.require(
                found == expected,
                "\(name) with value \(text.debugDescription) has \(found) raw \(scalar), a plain value \(expected)")
        }
    }
    return 0
}
