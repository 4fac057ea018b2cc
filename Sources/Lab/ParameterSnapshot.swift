import Scenes

/// The parameter values and variants of both halves at one moment (issue 39): what a re-run
/// applies at the moment it starts from, and what Ctrl+Z puts back. In a session's log it is a
/// `params` line (``ScriptLine/parameters(_:at:)``), so a replay sets the same values at the same
/// moment: `{"t": 1.0, "type": "params", "a": {"drag": {"frequency": 2.02, "damping": 0.35}}, "b": {…}}`.
package struct ParameterSnapshot: Equatable {
    /// A's values and variants per scene, as a parameters file holds them.
    package var a: ParameterStore.Sections
    /// B's (the compare's second half, or what it opens with), nil when B has none of its own
    /// (it then opens with A's values, as `B` always did).
    package var b: ParameterStore.Sections?

    /// A snapshot of `a` (and `b`).
    package init(a: ParameterStore.Sections, b: ParameterStore.Sections? = nil) {
        self.a = a
        self.b = b
    }

    /// The snapshot as a script line's fields (`"a"`, and `"b"` when B has values).
    var fields: [(String, JSONValue)] {
        var out = [("a", Self.json(a))]
        if let b { out.append(("b", Self.json(b))) }
        return out
    }

    /// `sections` as a parameters file writes them: scenes and keys by name.
    static func json(_ sections: ParameterStore.Sections) -> JSONValue {
        .object(sections.sorted { $0.key < $1.key }.map { scene, kv in
            (scene, .object(kv.sorted { $0.key < $1.key }.map { key, entry in
                switch entry {
                case .number(let v): (key, JSONValue.number(v))
                case .variant(let v): (key, JSONValue.string(v.rawValue))
                }
            }))
        })
    }

    /// Reads a `params` line's `"a"` or `"b"` object (`raw`, from the JSON reader) at `place`,
    /// checked as a parameters file is: every scene known, every key one of its parameters, every
    /// value in its range.
    static func sections(_ raw: Any, field: String, place: String) throws -> ParameterStore.Sections {
        guard let root = raw as? [String: Any], root.values.allSatisfy({ $0 is [String: Any] }) else {
            throw KineticError("\(place): \"\(field)\" must map scene names to their values, such as {\"drag\": {\"frequency\": 8}}")
        }
        return try ParameterStore.read(root, path: "\(place): \"\(field)\"", currentScene: "drag") { name in
            SceneKind(rawValue: name).map { SceneCatalog.make($0, items: nil).parameters }
        }.sections
    }
}

/// Taking and setting a moment's parameters whole (``ParameterSnapshot``).
extension LabMoment {
    /// The values and variants both halves have now (read from their scenes; the stores are
    /// left as they are, so taking a snapshot changes nothing a replay shows).
    package func parameterSnapshot() -> ParameterSnapshot {
        var a = store
        a.capture(scene)
        var b = storeB
        if let half = compareHalf {
            b = half.store
            b?.capture(half.scene)
        }
        return ParameterSnapshot(a: a.sections, b: b?.sections)
    }

    /// Sets `snapshot`'s values and variants on both halves, as typing each changed one would:
    /// a parameter or variant already at its value is left alone (setting it again could restart
    /// what it drives). B, when closed, opens with its values.
    func setParameters(_ snapshot: ParameterSnapshot) {
        store = store.replacing(with: snapshot.a)
        Self.setChanged(store, on: scene)
        if let b = snapshot.b {
            storeB = (storeB ?? store).replacing(with: b)
            if var half = compareHalf {
                half.store = half.store.replacing(with: b)
                Self.setChanged(half.store, on: half.scene)
                compareHalf = half
            }
        }
    }

    /// Sets on `scene` the variant and values of `store` that differ from the scene's own.
    private static func setChanged(_ store: ParameterStore, on scene: any Scene) {
        let variant = store.variant(of: scene.name)
        if scene.variant != variant { scene.variant = variant }
        for p in scene.parameters {
            if let x = store.value(of: p.name, in: scene.name), x != p.value { scene.setParameter(p.name, to: x) }
        }
    }
}
