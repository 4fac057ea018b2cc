/// One JSON object of a scene file (the top level, the stage, a layer, a behaviour, …) as the
/// reader takes it apart: it refuses keys it does not know, and reads each value it is asked
/// for as the type and range the format gives it, with the message for a refusal placed at the
/// value (or, for a missing key, at the object's `{`).
struct SceneFileObject {
    /// The object's node.
    let node: LocatedJSON
    /// What messages call the object ("layer 'sheet'", "gesture 2 release"; empty at the top level).
    let context: String
    /// What earlier parts of the file offer (tunables, layers, behaviours, the folder).
    let scope: SceneFileScope
    private let members: [String: LocatedJSON]

    /// `node` as an object of keys `known` (nil: any, for a first look at a key that says which
    /// keys the rest may have); `elsewhere` names, for a key that belongs to another kind of
    /// object, which ("image layers"), so the message says so instead of "unknown".
    /// - Throws: ``SceneFileReader/Problem`` when `node` is not an object or has a key not in `known`.
    init(_ node: LocatedJSON, context: String, scope: SceneFileScope, known: [String]?, elsewhere: [String: String] = [:]) throws {
        guard case .object(let list) = node.value else {
            throw SceneFileReader.Problem(node.offset, "\(context.isEmpty ? "the file" : context) must be an object {…} (got \(node.described))")
        }
        self.node = node
        self.context = context
        self.scope = scope
        var members: [String: LocatedJSON] = [:]
        for member in list {
            guard let known, !known.contains(member.key) else { members[member.key] = member.value; continue }
            let place = context.isEmpty ? "at the top level" : "in \(context)"
            if let owner = elsewhere[member.key] {
                throw SceneFileReader.Problem(member.keyOffset, "\"\(member.key)\" \(place) is only for \(owner)")
            }
            let hint = Self.suggestion(for: member.key, among: known).map { "did you mean \"\($0)\"?" }
                ?? "known: \(known.joined(separator: ", "))"
            throw SceneFileReader.Problem(member.keyOffset, "unknown key \(LocatedJSON.quote(member.key)) \(place) (\(hint))")
        }
        self.members = members
    }

    /// The value of `key`, or nil when the object has none.
    subscript(_ key: String) -> LocatedJSON? { members[key] }

    /// "layer 'sheet': ", or nothing at the top level: what a message starts with.
    var prefix: String { context.isEmpty ? "" : "\(context): " }

    /// A refusal of `node`, labelled `label` (`"frame" width`): "… must be `expectation` (got …)".
    func expected(_ expectation: String, _ node: LocatedJSON, _ label: String) -> SceneFileReader.Problem {
        SceneFileReader.Problem(node.offset, "\(prefix)\(label) must be \(expectation) (got \(node.described))")
    }

    /// A refusal at `node` in the object's words: "layer 'sheet': `message`".
    func problem(_ node: LocatedJSON, _ message: String) -> SceneFileReader.Problem {
        SceneFileReader.Problem(node.offset, prefix + message)
    }

    /// The value of `key`, which must be there (`expectation` says what it holds, for the message).
    func required(_ key: String, _ expectation: @autoclosure () -> String) throws -> LocatedJSON {
        guard let value = members[key] else {
            throw SceneFileReader.Problem(node.offset, "\(prefix)missing \"\(key)\" (\(expectation()))")
        }
        return value
    }

    /// Refuses `key` when it is there but `allowed` is false (a key of another kind, e.g. "axis"
    /// on an attachment that does not slide); `owner` says which kind it is for.
    func refuse(_ key: String, unless allowed: Bool, onlyFor owner: String) throws {
        guard !allowed, let value = members[key] else { return }
        throw problem(value, "\"\(key)\" is only for \(owner)")
    }

    // MARK: Scalars

    /// A literal number within `range`, labelled `label` in messages.
    func number(_ node: LocatedJSON, _ label: String, _ range: SceneFileRange) throws -> Double {
        guard case .number(let x, _) = node.value else { throw expected(range.expectation, node, label) }
        guard abs(x) <= SceneFileRange.magnitudeLimit else {
            throw problem(node, "\(label) is \(node.described), beyond ±\(LocatedJSON.format(SceneFileRange.magnitudeLimit)) (no number in a scene file may be larger)")
        }
        guard range.contains(x) else { throw expected(range.expectation, node, label) }
        return x
    }

    /// The literal number `key`, within `range`, or `fallback` when absent.
    func number(_ key: String, _ range: SceneFileRange, default fallback: Double) throws -> Double {
        try members[key].map { try number($0, "\"\(key)\"", range) } ?? fallback
    }

    /// The literal number `key`, within `range`, or nil when absent.
    func optionalNumber(_ key: String, _ range: SceneFileRange) throws -> Double? {
        try members[key].map { try number($0, "\"\(key)\"", range) }
    }

    /// An integer `key` within ±``SceneFileRange/magnitudeLimit``, or `fallback` when absent.
    func integer(_ key: String, default fallback: Int) throws -> Int {
        guard let node = members[key] else { return fallback }
        return try integer(node, "\"\(key)\"", SceneFileRange.any)
    }

    /// An integer within `range`, labelled `label`.
    func integer(_ node: LocatedJSON, _ label: String, _ range: SceneFileRange) throws -> Int {
        var expectation: String { range.phrase.isEmpty ? "an integer" : "an integer \(range.phrase)" }
        guard case .number(let x, let integer) = node.value, let n = integer ?? (x == x.rounded() ? Int(exactly: x) : nil) else {
            throw expected(expectation, node, label)
        }
        guard range.contains(x) else { throw expected(expectation, node, label) }
        return n
    }

    /// `true` or `false`, or `fallback` when absent.
    func bool(_ key: String, default fallback: Bool) throws -> Bool {
        try optionalBool(key) ?? fallback
    }

    /// `true` or `false`, or nil when absent.
    func optionalBool(_ key: String) throws -> Bool? {
        guard let node = members[key] else { return nil }
        guard case .bool(let b) = node.value else { throw expected("true or false", node, "\"\(key)\"") }
        return b
    }

    /// A string, labelled `label`.
    func string(_ node: LocatedJSON, _ label: String) throws -> String {
        guard case .string(let s) = node.value else { throw expected("a string", node, label) }
        return s
    }

    /// The string `key`, or `fallback` when absent.
    func string(_ key: String, default fallback: String) throws -> String {
        try members[key].map { try string($0, "\"\(key)\"") } ?? fallback
    }

    /// One of `choices` (`"left"`, `"center"`, `"right"`), or `fallback` when absent.
    func choice(_ key: String, _ choices: [String], default fallback: String) throws -> String {
        guard let node = members[key] else { return fallback }
        return try choice(node, "\"\(key)\"", choices)
    }

    /// One of `choices`, labelled `label`.
    func choice(_ node: LocatedJSON, _ label: String, _ choices: [String]) throws -> String {
        var expectation: String { "one of " + choices.map { "\"\($0)\"" }.joined(separator: ", ") }
        guard case .string(let s) = node.value else { throw expected(expectation, node, label) }
        guard choices.contains(s) else {
            let hint = Self.suggestion(for: s, among: choices).map { "; did you mean \"\($0)\"?" } ?? ""
            throw problem(node, "\(label) must be \(expectation) (got \"\(s)\"\(hint))")
        }
        return s
    }

    /// The elements of an array, labelled `label`; `expectation` says what it holds.
    func array(_ node: LocatedJSON, _ label: String, _ expectation: String) throws -> [LocatedJSON] {
        guard case .array(let items) = node.value else { throw expected(expectation, node, label) }
        return items
    }

    /// The nested object `key` (`context` names it), or nil when absent.
    func object(_ key: String, context: String, known: [String]) throws -> SceneFileObject? {
        guard let node = members[key] else { return nil }
        guard case .object = node.value else { throw expected("an object {…}", node, "\"\(key)\"") }
        return try SceneFileObject(node, context: context, scope: scope, known: known)
    }

    // MARK: Suggestions

    /// The one of `names` that `word` was probably meant as (the same ignoring case, or at
    /// most two edits away, fewer than a third of its letters for a short name, and closer than
    /// any other), or nil.
    static func suggestion(for word: String, among names: [String]) -> String? {
        if let same = names.first(where: { $0.lowercased() == word.lowercased() }) { return same }
        let scored = names.map { (name: $0, distance: editDistance(word, $0)) }
            .filter { $0.distance <= min(2, max(1, $0.name.count / 3)) && $0.distance < $0.name.count }
        guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        return best.name
    }

    /// Levenshtein distance, by characters (short words: keys and ids).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.prefix(64)), b = Array(b.prefix(64))
        guard !a.isEmpty else { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let kept = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = kept
            }
        }
        return row[b.count]
    }
}
