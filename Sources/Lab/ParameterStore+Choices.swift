import Scenes

/// A choice-typed parameter (``Scenes/SceneParameter/choices``: the cards' `curve`, the fields
/// demo's `kind`) in a parameters file: written by its name as the HUD shows it
/// (`"curve": "spring"`), read by that name or by its number (`"curve": 5`, what files written
/// before issue 42 hold), refused otherwise with one line naming the file, the key and the names.
extension ParameterStore {
    /// The value of choice parameter `def` (`scene.key` in `path`) that `raw` (from the JSON
    /// reader) names: a choice's exact name (case matters, as the HUD writes it), or its whole
    /// number within the range.
    /// - Throws: ``KineticError`` for anything else (another name, a wrong case, `""`, 2.5, an
    ///   out-of-range number, `null`, an array, an object, a boolean).
    static func choiceValue(_ raw: Any, of def: SceneParameter, scene: String, key: String, path: String) throws -> Double {
        let allowed = choiceList(def)
        if let name = raw as? String {
            if let i = def.choices.firstIndex(of: name), def.range.contains(Double(i)) { return Double(i) }
            let hint = SceneFileObject.suggestion(for: name, among: def.choices).map { "did you mean \"\($0)\"? " } ?? ""
            throw KineticError("\(path): \(scene).\(key) = \"\(name)\" names no choice (\(hint)allowed: \(allowed))")
        }
        guard let v = JSONInput.number(raw) else {
            throw KineticError("\(path): \(scene).\(key) must be a choice's name, got \(JSONInput.describe(raw)) (allowed: \(allowed))")
        }
        guard v.isFinite, def.range.contains(v), v == v.rounded(), choiceName(v, of: def) != nil else {
            throw KineticError("\(path): \(scene).\(key) = \(v) is not one of its choices (allowed: \(allowed))")
        }
        return v
    }

    /// `"linear" (0), "easeIn" (1), …`: every name with the number older files write for it.
    static func choiceList(_ def: SceneParameter) -> String {
        def.choices.enumerated().map { "\"\($0.element)\" (\($0.offset))" }
            .joined(separator: ", ")
    }

    /// The name of choice value `v` of `def` (a choice's value is its index, as the HUD shows
    /// it: ``Scenes/SceneParameter/formatted``), nil when `v` names none (not whole, or outside).
    static func choiceName(_ v: Double, of def: SceneParameter) -> String? { choiceName(v, among: def.choices) }

    /// `names[v]`, nil when `v` is not a whole index of `names`.
    static func choiceName(_ v: Double, among names: [String]) -> String? {
        guard v.isFinite, v == v.rounded(), v >= 0, v < Double(names.count) else { return nil }
        return names[Int(v)]
    }

    /// Remembers the choice names of `scene`'s choice parameters among `defs`, so the file names them.
    mutating func rememberChoices(of scene: String, _ defs: [SceneParameter]) {
        for d in defs where !d.choices.isEmpty { choiceNames[scene, default: [:]][d.name] = d.choices }
    }

    /// The value `v` of `scene.key` as the file writes it: the choice's name when the key is a
    /// choice the store knows and `v` names one, else the number.
    func fileValue(_ v: Double, scene: String, key: String) -> JSONValue {
        guard let names = choiceNames[scene]?[key], let name = Self.choiceName(v, among: names) else { return .number(v) }
        return .string(name)
    }
}
