/// Numbers, with the exact JSON grammar.
extension JSONByteParser {
    /// Parses a number with the exact JSON grammar: `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`.
    mutating func parseNumber() throws(SyntaxError) -> ContentNode.Value {
        let start = index
        var cursor = index
        let negative = base[cursor] == UInt8(ascii: "-")
        if negative { cursor += 1 }
        guard cursor < end, Self.isDigit(base[cursor]) else {
            throw valueExpected()
        }
        var mantissa: UInt64 = 0
        var digits = 0
        if base[cursor] == UInt8(ascii: "0") {
            cursor += 1
            if cursor < end, Self.isDigit(base[cursor]) {
                throw error(at: start, "numbers must not have leading zeros")
            }
        } else {
            while cursor < end, Self.isDigit(base[cursor]) {
                mantissa = mantissa &* 10 &+ UInt64(base[cursor] &- UInt8(ascii: "0"))
                digits += 1
                cursor += 1
            }
        }
        var isInteger = true
        var fractionDigits = 0
        if cursor < end, base[cursor] == UInt8(ascii: ".") {
            isInteger = false
            cursor += 1
            guard cursor < end, Self.isDigit(base[cursor]) else {
                throw error(at: cursor, "expected a digit after the decimal point")
            }
            while cursor < end, Self.isDigit(base[cursor]) {
                mantissa = mantissa &* 10 &+ UInt64(base[cursor] &- UInt8(ascii: "0"))
                digits += 1
                fractionDigits += 1
                cursor += 1
            }
        }
        var exponent = 0
        if cursor < end, base[cursor] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            cursor += 1
            var exponentNegative = false
            if cursor < end, base[cursor] == UInt8(ascii: "+") || base[cursor] == UInt8(ascii: "-") {
                exponentNegative = base[cursor] == UInt8(ascii: "-")
                cursor += 1
            }
            guard cursor < end, Self.isDigit(base[cursor]) else {
                throw error(at: cursor, "expected a digit in the exponent")
            }
            while cursor < end, Self.isDigit(base[cursor]) {
                if exponent < 100_000 {
                    exponent = exponent * 10 + Int(base[cursor] &- UInt8(ascii: "0"))
                }
                cursor += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        index = cursor
        if isInteger, digits <= 18 {
            let magnitude = Int(truncatingIfNeeded: mantissa)
            return .integer(negative ? -magnitude : magnitude)
        }
        let text = UnsafeBufferPointer(start: base + start, count: cursor - start)
        if isInteger, let value = Int(String(decoding: text, as: UTF8.self)) {
            return .integer(value)
        }
        // Exact when the digits fit in a Double's 53 bits and the power of ten is exact too.
        let decimalExponent = exponent - fractionDigits
        if digits <= 19, mantissa <= 1 << 53, (-22...22).contains(decimalExponent) {
            var value = Double(mantissa)
            if decimalExponent < 0 {
                value /= Self.powersOfTen[-decimalExponent]
            } else {
                value *= Self.powersOfTen[decimalExponent]
            }
            return .number(negative ? -value : value)
        }
        guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else {
            throw error(at: start, "number is too large")
        }
        return .number(value)
    }

    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// Bytes that make up a bare word, for quoting what was found instead of a value.
    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "."),
            UInt8(ascii: "+"), UInt8(ascii: "-"):
            true
        default: false
        }
    }
}
