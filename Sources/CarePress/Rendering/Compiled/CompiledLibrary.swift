import Mustache

/// The compiled templates of a template set, with the partials they name, rendered as swift-mustache renders them.
///
/// The rendering mirrors `MustacheTemplate.render(context:)` step by step: a name is looked up from the top of the
/// context stack down and then inside what it found; a section pushes text and objects but not flags; each item of
/// a list is a render of its own; an inverted section over an empty list pushes the list; a partial renders with the
/// same stack; inside an indented standalone partial, whatever a token adds after a line break of its own render
/// gets the indentation first.
struct CompiledLibrary: Sendable {
    /// The compiled templates by name.
    let templates: [String: CompiledTemplate]

    /// Something met while rendering that only swift-mustache prints the same way: an object or a list used as
    /// `{{name}}`. The caller renders the template with swift-mustache instead.
    struct Unsupported: Error {}

    /// Compiles every template it can; a template whose partials (however deep) do not all compile is left out.
    init(_ parsed: [String: MustacheTemplate]) {
        var compiled: [String: CompiledTemplate] = [:]
        for (name, template) in parsed {
            compiled[name] = CompiledTemplate.compile(template)
        }
        var changed = true
        while changed {
            changed = false
            for (name, template) in compiled
            where template.partialNames.contains(where: { parsed[$0] != nil && compiled[$0] == nil }) {
                compiled[name] = nil
                changed = true
            }
        }
        templates = compiled
    }

    /// Renders a compiled template with a value at the bottom of the context stack.
    func render(_ template: CompiledTemplate, _ root: TemplateValue) throws(Unsupported) -> String {
        String(decoding: try renderUTF8(template, root), as: UTF8.self)
    }

    /// Renders a compiled template with a value at the bottom of the context stack, as UTF-8.
    func renderUTF8(_ template: CompiledTemplate, _ root: TemplateValue) throws(Unsupported) -> [UInt8] {
        var stack = [root]
        var output: [UInt8] = []
        output.reserveCapacity(template.expectedSize)
        try render(template, template.steps.indices, stack: &stack, indentation: nil, into: &output)
        return output
    }

    /// Renders steps as one render call of swift-mustache (a template, a section body, one item of a list), into
    /// UTF-8 bytes (every piece is whole UTF-8 text, so the bytes are too).
    private func render(
        _ template: CompiledTemplate, _ steps: Range<Int>, stack: inout [TemplateValue], indentation: [UInt8]?,
        into output: inout [UInt8]
    ) throws(Unsupported) {
        var index = steps.lowerBound
        guard let indentation, !indentation.isEmpty else {
            while index < steps.upperBound {
                index = try render(template, at: index, stack: &stack, indentation: indentation, into: &output)
            }
            return
        }
        // As swift-mustache: a token's output that is not empty, following a line feed `Character` of this render
        // call's own output (a line feed not preceded by a carriage return, which would join it), gets the
        // indentation first.
        var local: [UInt8] = []
        while index < steps.upperBound {
            var piece: [UInt8] = []
            index = try render(template, at: index, stack: &stack, indentation: indentation, into: &piece)
            if !piece.isEmpty && local.last == 0x0A && (local.count < 2 || local[local.count - 2] != 0x0D) {
                local += indentation
            }
            local += piece
        }
        output += local
    }

    /// Renders the step at `index`, a section with its body; the index of the step after it.
    private func render(
        _ template: CompiledTemplate, at index: Int, stack: inout [TemplateValue], indentation: [UInt8]?,
        into output: inout [UInt8]
    ) throws(Unsupported) -> Int {
        switch template.steps[index] {
        case .text(let range):
            template.text.withUnsafeBufferPointer { text in
                output.append(contentsOf: UnsafeBufferPointer(rebasing: text[range]))
            }
        case .variable(let name, let escaping):
            switch Self.lookup(name, of: template, in: stack) {
            case nil: break
            case .text(let text)?: Self.append(text, escaping, to: &output)
            case .utf8(let bytes)? where escaping == .none: output += bytes
            case .utf8(let bytes)?: Self.append(String(decoding: bytes, as: UTF8.self), escaping, to: &output)
            case .flag(let flag)?: Self.append(flag ? "true" : "false", escaping, to: &output)
            case .model?, .item?, .list?: throw Unsupported()
            }
        case .section(let name, let end):
            let body = index + 1..<end
            switch Self.lookup(name, of: template, in: stack) {
            case nil, .flag(false)?:
                break
            case .flag(true)?:
                try render(template, body, stack: &stack, indentation: indentation, into: &output)
            case .list(let items)?:
                for position in 0..<items.count {
                    stack.append(items.value(at: position))
                    defer { stack.removeLast() }
                    try render(template, body, stack: &stack, indentation: indentation, into: &output)
                }
            case let value?:
                stack.append(value)
                defer { stack.removeLast() }
                try render(template, body, stack: &stack, indentation: indentation, into: &output)
            }
            return end
        case .invertedSection(let name, let end):
            let body = index + 1..<end
            switch Self.lookup(name, of: template, in: stack) {
            case nil, .flag(false)?:
                try render(template, body, stack: &stack, indentation: indentation, into: &output)
            case .list(let items)? where items.count == 0:
                stack.append(.list(items))
                defer { stack.removeLast() }
                try render(template, body, stack: &stack, indentation: indentation, into: &output)
            default:
                break
            }
            return end
        case .partial(let partial, let partialIndentation):
            guard let target = templates[template.partialNames[partial]] else { break }
            let combined = partialIndentation.map { (indentation ?? []) + template.text[$0] } ?? indentation
            try render(target, target.steps.indices, stack: &stack, indentation: combined, into: &output)
        }
        return index + 1
    }

    /// Finds the value of a name of `template` as swift-mustache does; nil when there is none.
    ///
    /// The stack is read in place, frame by frame from the top (iterating `stack.reversed()` copied each frame it
    /// passed, and a frame holds an existential view model).
    static func lookup(_ name: CompiledTemplate.Name, of template: CompiledTemplate, in stack: [TemplateValue])
        -> TemplateValue?
    {
        switch name {
        case .current:
            return stack.last
        case .top(let parts):
            guard let top = stack.last else { return nil }
            return follow(parts, of: template, from: top)
        case .stack(let parts):
            let first = parts.lowerBound
            var position = stack.endIndex
            while position > stack.startIndex {
                position -= 1
                guard let value = template.fieldNames.withUnsafeBufferPointer({ stack[position].field($0[first]) })
                else { continue }
                return parts.count == 1 ? value : follow(first + 1..<parts.upperBound, of: template, from: value)
            }
            return nil
        }
    }

    private static func follow(_ parts: Range<Int>, of template: CompiledTemplate, from start: TemplateValue)
        -> TemplateValue?
    {
        template.fieldNames.withUnsafeBufferPointer { names in
            var value = start
            for part in parts {
                guard let child = value.field(names[part]) else { return nil }
                value = child
            }
            return value
        }
    }

    /// Appends a variable's text, escaped, as UTF-8.
    static func append(_ text: String, _ escaping: CompiledTemplate.Escaping, to output: inout [UInt8]) {
        switch escaping {
        case .none: output.append(contentsOf: text.utf8)
        case .html: HTMLEscaping.appendEscaped(text, to: &output)
        case .markdown: MarkdownEscaping.appendEscaped(text, to: &output)
        }
    }
}
