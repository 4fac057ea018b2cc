/// Code as ``MotionImport`` reads it: a tiny tokenizer and a tree of calls, objects and
/// `label: value` / `label = value` entries, forgiving enough for Swift, Kotlin, CSS and
/// JavaScript alike.
///
/// - Comments (`//` to the end of the line, `/* … */`) are dropped; quotes are transparent, so
///   `easing: "cubic-bezier(0.4, 0, 0.2, 1)"` reads as the call and `type: "spring"` as the name.
/// - Numbers keep a unit written right after them (`0.3s`, `300ms`, `45%`); Kotlin's `f` suffix
///   is dropped (`0.6f` is 0.6). Hexadecimal numbers read as Swift, Kotlin and C define them:
///   `0x10` is 16, `0x1p-3` is 0.125 (p: times a power of two). A sign belongs to the number
///   where a value is expected, and after a name or number when a space comes before it and none
///   after (CSS's `transform -300ms`); `x-1` and `x - 1` keep the minus as an operator.
/// - Names may hold dots and hyphens: `.spring`, `Spring.StiffnessLow`, `attachment.frequency`,
///   `cubic-bezier`, `ease-in-out`. A generic argument after a name (`spring<Float>`) is skipped.
/// - A statement ends at a line break or `;` outside brackets; inside brackets line breaks are
///   spaces. A name followed by `:` or `=` starts a labelled entry; `,` separates entries.
///
/// Limits, so that no text makes the reader trap or take long: at most ``maximumLength`` bytes of
/// text and brackets nested at most ``maximumDepth`` deep (each refused with a one-line error);
/// every walk of the tree recurses once per bracket level, so it is bounded by the same depth.
///
/// Hand-written instead of with Foundation's scanners: the Animation module does not import
/// Foundation (see ``ExportNumber``).
struct MotionSyntax {
    /// The longest text read, UTF-8 bytes (128 KiB): MotionExport's whole block for a spring is a
    /// few kilobytes, its `linear()` easing the most of it (the CSS of a 1 Hz spring with damping
    /// ratio 0.001, cut at 300 s, is 83 KB); a longer text is not one motion, and refusing it
    /// before tokenizing bounds the work of every step after.
    static let maximumLength = 131_072

    /// The deepest brackets (`(`, `[`, `{`) are nested (64): code for one motion nests them a
    /// few levels deep; the parser and every walk of its tree recurse once per level, so this
    /// bounds their stack.
    static let maximumDepth = 64

    /// One value in an entry.
    indirect enum Value {
        /// A number and the unit written after it: "", "s", "ms", "%" (or any other letters).
        case number(Double, unit: String)
        /// A name that is not called: `.smooth`, `config.wobbly`, `ease-in-out`, `Spring.StiffnessLow`.
        case name(String)
        /// `name(entries)`.
        case call(Call)
        /// `[ … ]` or a parenthesised group `( … )` without a name.
        case list([Entry])
        /// `{ … }`.
        case object([Entry])
        /// Any other character (an operator, a stray bracket).
        case symbol(Character)
    }

    /// A call: the name as written (`.spring`, `UISpringTimingParameters`, `cubic-bezier`) and its arguments.
    struct Call {
        var name: String
        var entries: [Entry]
    }

    /// `label: values`, `label = values`, or values alone; several values when written side by
    /// side (`0.1648 4.1667%`, `transform 0.3s ease`).
    struct Entry {
        var label: String?
        var values: [Value]
    }

    /// The statements, in order, each as its entries (`let a = X(…)` is `[let]` then `a: X(…)`).
    let statements: [[Entry]]

    /// Reads `text`.
    ///
    /// - Throws: ``TimingParametersError`` when the text is longer than ``maximumLength`` bytes
    ///   or nests brackets deeper than ``maximumDepth`` levels.
    init(_ text: String) throws(TimingParametersError) {
        try Self.checkLength(text)
        var parser = Parser(tokens: Self.tokens(of: Array(text)))
        var statements: [[Entry]] = []
        while !parser.isAtEnd {
            let statement = parser.entries(closer: nil, depth: 0)
            if !statement.isEmpty { statements.append(statement) }
        }
        if parser.tooDeep {
            throw TimingParametersError("the text nests brackets deeper than \(Self.maximumDepth) levels, the most the reader follows")
        }
        self.statements = statements
    }

    /// Refuses a text longer than ``maximumLength`` bytes (before anything else reads it).
    static func checkLength(_ text: String) throws(TimingParametersError) {
        let bytes = text.utf8.count
        guard bytes <= maximumLength else {
            throw TimingParametersError("the text is \(bytes) bytes long; the reader takes at most \(maximumLength) bytes (128 KiB), "
                                        + "far more than one spring or curve needs")
        }
    }

    // MARK: Tokens

    enum Token: Equatable {
        case number(Double, unit: String)
        case name(String)
        case symbol(Character)
        case newline
    }

    static func tokens(of chars: [Character]) -> [Token] {
        var tokens: [Token] = []
        var i = 0
        func next(_ offset: Int) -> Character? { i + offset < chars.count ? chars[i + offset] : nil }
        while i < chars.count {
            let c = chars[i]
            if c == "\n" { tokens.append(.newline); i += 1; continue }
            if c.isWhitespace || c == "\"" || c == "'" || c == "`" { i += 1; continue }
            if c == "/", next(1) == "/" {
                while i < chars.count, chars[i] != "\n" { i += 1 }
                continue
            }
            if c == "/", next(1) == "*" {
                i += 2
                while i < chars.count, !(chars[i] == "*" && next(1) == "/") { i += 1 }
                i += 2
                continue
            }
            if startsNumber(chars, at: i, after: tokens.last) {
                let start = i
                if let value = scanNumber(chars, &i) {
                    var unit = ""
                    while i < chars.count, chars[i].isLetter || chars[i] == "%" { unit.append(chars[i]); i += 1 }
                    if ["f", "F", "d", "D", "L"].contains(unit) { unit = "" }
                    tokens.append(.number(value, unit: unit.lowercased()))
                    continue
                }
                i = start
            }
            if isNameStart(c) || (c == "." && next(1).map(isNameStart) == true) {
                var name = String(c)
                i += 1
                while i < chars.count {
                    let d = chars[i]
                    if isNameStart(d) || d.isNumber { name.append(d); i += 1; continue }
                    if (d == "." || d == "-"), let e = next(1), isNameStart(e) { name.append(d); i += 1; continue }
                    break
                }
                tokens.append(.name(name))
                skipGeneric(chars, &i)
                continue
            }
            tokens.append(.symbol(c))
            i += 1
        }
        return tokens
    }

    private static func isNameStart(_ c: Character) -> Bool { c.isLetter || c == "_" || c == "$" }

    private static func isDigit(_ c: Character?) -> Bool { c.map { $0.isASCII && $0.isNumber } ?? false }

    /// Whether a number starts at `i`: a digit, a point before a digit, or a sign before those
    /// where a value is expected (not right after a name, a number or a closing bracket).
    private static func startsNumber(_ chars: [Character], at i: Int, after previous: Token?) -> Bool {
        func at(_ k: Int) -> Character? { k < chars.count ? chars[k] : nil }
        let c = chars[i]
        if isDigit(c) { return true }
        if c == ".", isDigit(at(i + 1)) { return true }
        guard c == "-" || c == "+" else { return false }
        let digitFollows = isDigit(at(i + 1)) || (at(i + 1) == "." && isDigit(at(i + 2)))
        switch previous {
        case .number?, .name?, .symbol(")")?, .symbol("]")?, .symbol("}")?:
            // `transform -300ms` (CSS: a negative time), not `x-1` or `x - 1` (an operator).
            return digitFollows && i > 0 && chars[i - 1].isWhitespace
        default: return digitFollows
        }
    }

    /// Reads a number at `i` (sign, digits, fraction, exponent; or hexadecimal, see
    /// ``scanHexadecimal(_:_:)``) and moves past it; nil, with `i` unchanged, when there is none.
    /// A number too large for a Double is infinite (messages say so).
    static func scanNumber(_ chars: [Character], _ i: inout Int) -> Double? {
        func at(_ k: Int) -> Character? { k < chars.count ? chars[k] : nil }
        let start = i
        var k = i
        if at(k) == "-" || at(k) == "+" { k += 1 }
        if at(k) == "0", at(k + 1) == "x" || at(k + 1) == "X", let value = scanHexadecimal(chars, &k) {
            i = k
            return at(start) == "-" ? -value : value
        }
        var digits = 0
        while isDigit(at(k)) { k += 1; digits += 1 }
        if at(k) == ".", isDigit(at(k + 1)) {
            k += 1
            while isDigit(at(k)) { k += 1; digits += 1 }
        }
        guard digits > 0 else { return nil }
        if at(k) == "e" || at(k) == "E" {
            var e = k + 1
            if at(e) == "-" || at(e) == "+" { e += 1 }
            if isDigit(at(e)) {
                while isDigit(at(e)) { e += 1 }
                k = e
            }
        }
        guard let value = Double(String(chars[start..<k])) else { return nil }
        i = k
        return value
    }

    /// A hexadecimal number at `i` (its `0x`, without a sign), moving past it: `0x1F` (31),
    /// `0x1p-3` (1 × 2⁻³ = 0.125), `0x1.8p1` (3). Swift, Kotlin (integers) and C write them so;
    /// a fraction without the `p` exponent C and Swift require reads as the value it spells
    /// (`0x1.8` is 1.5). Nil, with `i` unchanged, without a hexadecimal digit after `0x`.
    static func scanHexadecimal(_ chars: [Character], _ i: inout Int) -> Double? {
        func at(_ k: Int) -> Character? { k < chars.count ? chars[k] : nil }
        func hexDigit(_ c: Character?) -> Int? {
            guard let c, c.isASCII, let v = c.hexDigitValue else { return nil }
            return v
        }
        var k = i + 2
        var mantissa = 0.0, digits = 0, exponent = 0
        while let d = hexDigit(at(k)) { mantissa = mantissa * 16 + Double(d); k += 1; digits += 1 }
        if at(k) == ".", hexDigit(at(k + 1)) != nil {
            k += 1
            while let d = hexDigit(at(k)) { mantissa = mantissa * 16 + Double(d); exponent -= 4; k += 1; digits += 1 }
        }
        guard digits > 0 else { return nil }
        if at(k) == "p" || at(k) == "P" {
            var e = k + 1
            var negative = false
            if at(e) == "-" || at(e) == "+" { negative = at(e) == "-"; e += 1 }
            if isDigit(at(e)) {
                var power = 0
                while isDigit(at(e)) {
                    power = Swift.min(power * 10 + (chars[e].wholeNumberValue ?? 0), 100_000)
                    e += 1
                }
                exponent += negative ? -power : power
                k = e
            }
        }
        i = k
        // Scaling in steps keeps a large mantissa with a very negative exponent (and the reverse) exact.
        var value = mantissa
        var remaining = exponent
        while remaining > 0 && value.isFinite && value != 0 { let step = Swift.min(remaining, 1000); value *= pow2(step); remaining -= step }
        while remaining < 0 && value != 0 { let step = Swift.min(-remaining, 1000); value /= pow2(step); remaining += step }
        return value
    }

    /// 2ⁿ for 0 ≤ n ≤ 1000 (infinite above 1023).
    private static func pow2(_ n: Int) -> Double { Double(sign: .plus, exponent: n, significand: 1) }

    /// Skips a generic argument right after a name (`<Float>`, `<Dp>`): letters, digits, dots,
    /// commas, spaces and `?` up to the closing `>`.
    private static func skipGeneric(_ chars: [Character], _ i: inout Int) {
        guard i < chars.count, chars[i] == "<" else { return }
        var k = i + 1
        while k < chars.count, k - i < 64 {
            let c = chars[k]
            if c == ">" { i = k + 1; return }
            guard c.isLetter || c.isNumber || c == "." || c == "," || c == " " || c == "?" || c == "_" else { return }
            k += 1
        }
    }

    // MARK: Tree

    private struct Parser {
        let tokens: [Token]
        var i = 0
        /// Whether a bracket opened deeper than ``MotionSyntax/maximumDepth``: parsing stopped there.
        var tooDeep = false

        var isAtEnd: Bool { i >= tokens.count }

        /// Whether the token at `i` is `:` or `=` used as a label separator (not `::`, `==`, `=>`).
        private func isLabelSeparator(at k: Int) -> Bool {
            guard k < tokens.count, case .symbol(let s) = tokens[k], s == ":" || s == "=" else { return false }
            if k + 1 < tokens.count, case .symbol(let t) = tokens[k + 1], t == "=" || t == ":" || t == ">" { return false }
            return true
        }

        /// Entries up to `closer` (consumed), or at the top level (`closer` nil) up to the end of
        /// the statement (a line break or `;`, consumed). A closing bracket that closes nothing
        /// here ends a nested list unconsumed, and is skipped at the top level. `depth`: the
        /// brackets open around these entries; a bracket opened at ``MotionSyntax/maximumDepth``
        /// stops parsing (``tooDeep``) instead of recursing further.
        mutating func entries(closer: Character?, depth: Int) -> [Entry] {
            var result: [Entry] = []
            var current = Entry(label: nil, values: [])
            func flush() {
                if current.label != nil || !current.values.isEmpty { result.append(current) }
                current = Entry(label: nil, values: [])
            }
            /// Whether another bracket may open here; when not, parsing ends.
            func mayOpen() -> Bool {
                guard depth < MotionSyntax.maximumDepth else { tooDeep = true; i = tokens.count; return false }
                return true
            }
            while i < tokens.count {
                switch tokens[i] {
                case .newline:
                    i += 1
                    if closer == nil { flush(); return result }
                case .number(let value, let unit):
                    current.values.append(.number(value, unit: unit))
                    i += 1
                case .name(let name):
                    i += 1
                    if isLabelSeparator(at: i) {
                        flush()
                        current.label = name
                        i += 1
                    } else if i < tokens.count, tokens[i] == .symbol("(") {
                        guard mayOpen() else { return result }
                        i += 1
                        current.values.append(.call(Call(name: name, entries: entries(closer: ")", depth: depth + 1))))
                    } else {
                        current.values.append(.name(name))
                    }
                case .symbol(let s):
                    if s == closer { i += 1; flush(); return result }
                    if s == ";" && closer == nil { i += 1; flush(); return result }
                    if s == "," || s == ";" { i += 1; flush(); continue }
                    if s == ")" || s == "]" || s == "}" {
                        if closer == nil { i += 1; continue }
                        flush(); return result
                    }
                    if s == "(" || s == "[" || s == "{" {
                        guard mayOpen() else { return result }
                    }
                    i += 1
                    switch s {
                    case "(": current.values.append(.list(entries(closer: ")", depth: depth + 1)))
                    case "[": current.values.append(.list(entries(closer: "]", depth: depth + 1)))
                    case "{": current.values.append(.object(entries(closer: "}", depth: depth + 1)))
                    default: current.values.append(.symbol(s))
                    }
                }
            }
            flush()
            return result
        }
    }
}
