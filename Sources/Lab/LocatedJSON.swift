/// A JSON value with the byte offset where it starts, and each object key with its own, in the
/// order written (``JSONReader/locatedValue(of:)``): what a reader of a richer format (a scene
/// file) needs to name the line and column of a value it refuses (``JSONInput/position(of:in:)``).
package struct LocatedJSON: Sendable {
    /// One member of an object.
    package struct Member: Sendable {
        /// The key, unescaped.
        package let key: String
        /// Byte offset of the key's opening quote.
        package let keyOffset: Int
        /// The key's value.
        package let value: LocatedJSON
    }

    /// The value's shape.
    package enum Value: Sendable {
        /// Members in the order written (keys are unique: the reader refuses a repeated one).
        case object([Member])
        /// Items in order.
        case array([LocatedJSON])
        /// The string, unescaped.
        case string(String)
        /// A finite number; `integer` for an integral literal (no fraction or exponent) that fits an `Int`.
        case number(Double, integer: Int?)
        /// `true` or `false`.
        case bool(Bool)
        /// `null`.
        case null
    }

    /// What the value is.
    package let value: Value
    /// Byte offset of the value's first character (`{`, `[`, `"`, a digit or sign, a letter).
    package let offset: Int

    /// The value as a person wrote it, for messages: `"16"`, `3.5`, `true`, `null`, `an array`, `an object`.
    package var described: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string(let s): Self.quote(s)
        case .number(let d, let integer): integer.map(String.init) ?? Self.format(d)
        case .bool(let b): b ? "true" : "false"
        case .null: "null"
        }
    }

    /// `text` in double quotes for a message, cut to its first 40 characters ("…" after): a
    /// string in a file may be a megabyte long.
    package static func quote(_ text: String) -> String {
        text.count <= 40 ? "\"\(text)\"" : "\"\(text.prefix(40))…\""
    }

    /// A number in the shortest form that reads back the same (`16`, `0.5`, `1e+20`).
    package static func format(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
        return "\(d)"
    }
}

extension LocatedJSON: JSONTree {
    /// An object being read: its members and the set of their keys (a repeated key is found
    /// at once, however many members an object has).
    struct Object {
        var members: [Member] = []
        var keys: Set<String> = []
    }
    static func emptyObject() -> Object { Object() }
    static func contains(_ key: String, in object: Object) -> Bool { object.keys.contains(key) }
    static func add(_ value: LocatedJSON, for key: String, at keyOffset: Int, to object: inout Object) {
        object.members.append(Member(key: key, keyOffset: keyOffset, value: value))
        object.keys.insert(key)
    }
    static func object(_ object: Object, at offset: Int) -> LocatedJSON { LocatedJSON(value: .object(object.members), offset: offset) }
    static func array(_ items: [LocatedJSON], at offset: Int) -> LocatedJSON { LocatedJSON(value: .array(items), offset: offset) }
    static func string(_ string: String, at offset: Int) -> LocatedJSON { LocatedJSON(value: .string(string), offset: offset) }
    static func number(integer: Int?, _ double: Double, at offset: Int) -> LocatedJSON {
        LocatedJSON(value: .number(double, integer: integer), offset: offset)
    }
    static func bool(_ value: Bool, at offset: Int) -> LocatedJSON { LocatedJSON(value: .bool(value), offset: offset) }
    static func null(at offset: Int) -> LocatedJSON { LocatedJSON(value: .null, offset: offset) }
}
