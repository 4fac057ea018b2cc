import Foundation
import Scenes

/// Parameter values per scene, loaded from and saved to a `--params` JSON file:
/// `{"drag": {"frequency": 8, "damping": 0.6}, "springy": {"resistance": 0.002}}`.
/// A file with bare keys (`{"frequency": 8}`) applies to the scene being opened. A section may
/// also hold `"variant": "seed"` or `"refined"` (``SceneVariant``). A choice parameter is written
/// by its name (`"cards": {"curve": "spring"}`) and read by its name or number
/// (``ParameterStore+Choices``).
package struct ParameterStore {
    private(set) var values: [String: [String: Double]] = [:]
    /// The variant per scene name; scenes without an entry start in ``defaultVariant``.
    private(set) var variants: [String: SceneVariant] = [:]
    /// The names of the choice parameters the store read or captured, per scene and key, so a
    /// file writes `"curve": "spring"` rather than `5` (``fileValue(_:scene:key:)``).
    var choiceNames: [String: [String: [String]]] = [:]
    /// The variant of scenes the file does not mention (`--variant`, default seed).
    package var defaultVariant = SceneVariant.seed
    /// What the files this store was read from or saved to held then (shared by every copy).
    package private(set) var files = ParameterFileMemory()

    /// Loads and validates `path` against the scenes' parameter definitions; every problem is
    /// one error naming the key and its allowed range.
    package static func load(_ path: String, currentScene: String, definitions: (String) -> [SceneParameter]?) throws -> ParameterStore {
        let bytes = try InputFile.read(path, as: "parameters file")
        let store = try parse(bytes, path: path, currentScene: currentScene, definitions: definitions)
        store.files.remember(path, bytes: bytes, disk: store.sections, session: store.sections, scene: currentScene)
        return store
    }

    /// Reads `bytes`, the content of `path`, as ``load(_:currentScene:definitions:)`` does.
    static func parse(_ bytes: [UInt8], path: String, currentScene: String, definitions: (String) -> [SceneParameter]?) throws -> ParameterStore {
        let parsed = try JSONInput.parse(Data(bytes), in: path)
        guard let root = parsed as? [String: Any] else {
            throw KineticError("\(path): expected a JSON object such as {\"\(currentScene)\": {\"frequency\": 8}}, got \(JSONInput.describe(parsed))")
        }
        return try read(root, path: path, currentScene: currentScene, definitions: definitions)
    }

    /// The store `root` (a parameters file's object, as the JSON reader gives it) holds, checked
    /// against the scenes' definitions; errors start with `path`.
    static func read(_ root: [String: Any], path: String, currentScene: String, definitions: (String) -> [SceneParameter]?) throws -> ParameterStore {
        var store = ParameterStore()
        let sectioned = root.values.allSatisfy { $0 is [String: Any] }
        if !sectioned, let section = root.keys.sorted().first(where: { root[$0] is [String: Any] }) {
            // Read as bare keys, the section would be blamed as an unknown key of this scene.
            let bare = root.keys.sorted().filter { !(root[$0] is [String: Any]) }.map { "\"\($0)\"" }
            throw KineticError("\(path): mixes a scene section (\"\(section)\": {…}) with bare keys (\(bare.joined(separator: ", "))); "
                + "write either {\"\(section)\": {\"frequency\": 8}} or {\"frequency\": 8}")
        }
        let sections: [String: [String: Any]] = sectioned ? root.mapValues { $0 as! [String: Any] } : [currentScene: root]
        for (scene, section) in sections.sorted(by: { $0.key < $1.key }) {
            guard let defs = definitions(scene) else {
                throw KineticError("\(path): unknown scene '\(scene)' (known: \(SceneKind.allCases.map(\.name).joined(separator: ", ")))")
            }
            store.rememberChoices(of: scene, defs)
            for (key, raw) in section.sorted(by: { $0.key < $1.key }) {
                if key == "variant" {
                    guard let name = raw as? String, let v = SceneVariant(rawValue: name) else {
                        throw KineticError("\(path): \(scene).variant must be \"seed\" or \"refined\"")
                    }
                    store.variants[scene] = v
                    continue
                }
                guard let def = defs.first(where: { $0.name == key }) else {
                    let known = defs.map(\.name).joined(separator: ", ")
                    throw KineticError("\(path): unknown key '\(key)' for the \(scene) scene (known: \(known.isEmpty ? "none" : known))")
                }
                if !def.choices.isEmpty {
                    store.values[scene, default: [:]][key] = try choiceValue(raw, of: def, scene: scene, key: key, path: path)
                    continue
                }
                guard let v = JSONInput.number(raw) else {
                    throw KineticError("\(path): \(scene).\(key) must be a number in \(def.rangeText), got \(JSONInput.describe(raw))")
                }
                guard v.isFinite, def.range.contains(v) else {
                    throw KineticError("\(path): \(scene).\(key) = \(v) is out of range; allowed \(def.rangeText)")
                }
                // A cycled value without names is one of its whole numbers: 2.5 is none of them.
                if def.step == .cycle, v != v.rounded() {
                    throw KineticError("\(path): \(scene).\(key) = \(v) is not a whole number in \(def.rangeText)")
                }
                store.values[scene, default: [:]][key] = v
            }
        }
        return store
    }

    /// Remembers the current values of `scene`'s parameters and its variant.
    package mutating func capture(_ scene: any Scene) {
        values[scene.name] = Dictionary(uniqueKeysWithValues: scene.parameters.map { ($0.name, $0.value) })
        rememberChoices(of: scene.name, scene.parameters)
        variants[scene.name] = scene.variant
    }

    /// Sets every scene's variant to `variant` (`--variant`, which overrides the file).
    package mutating func setAllVariants(_ variant: SceneVariant) {
        defaultVariant = variant
        variants.removeAll()
    }

    /// Gives every scene of `names` that has no variant of its own ``defaultVariant`` as its
    /// own, so a saved file keeps it (the file has no place for the default).
    package mutating func pinVariants(of names: [String]) {
        for n in names where variants[n] == nil { variants[n] = defaultVariant }
    }

    /// The variant the store gives the scene named `scene`.
    package func variant(of scene: String) -> SceneVariant { variants[scene] ?? defaultVariant }

    /// The value the store remembers for parameter `name` of the scene named `scene`, if any.
    package func value(of name: String, in scene: String) -> Double? { values[scene]?[name] }

    /// Applies remembered values and the variant to `scene`.
    package func apply(to scene: any Scene) {
        scene.variant = variants[scene.name] ?? defaultVariant
        guard let v = values[scene.name] else { return }
        for p in scene.parameters { if let x = v[p.name] { scene.setParameter(p.name, to: x) } }
    }

    /// This store with its values and variants replaced by `sections` (its default variant and
    /// file memory kept).
    package func replacing(with sections: Sections) -> ParameterStore {
        var store = self
        store.values = [:]
        store.variants = [:]
        for (scene, kv) in sections {
            for (k, e) in kv {
                switch e {
                case .number(let v): store.values[scene, default: [:]][k] = v
                case .variant(let v): store.variants[scene] = v
                }
            }
        }
        return store
    }

    /// Writes every scene's values to `path` atomically (sections and keys in a stable order),
    /// whatever the file holds (a recording's new files; Ctrl+S uses ``save(to:order:definitions:)``).
    package func save(to path: String, order: [String]) throws {
        try AtomicFile.write(text(order: order), to: path)
    }

    /// The file's text: sections in `order` (others after, by name), keys by name, the variant
    /// last; a choice by its name.
    func text(order: [String]) -> String {
        var sections: [(String, JSONValue)] = []
        let scenes = Set(values.keys).union(variants.keys)
        for scene in scenes.sorted(by: { (order.firstIndex(of: $0) ?? 99, $0) < (order.firstIndex(of: $1) ?? 99, $1) }) {
            var kv = (values[scene] ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, fileValue($0.value, scene: scene, key: $0.key)) }
            if let v = variants[scene] { kv.append(("variant", .string(v.rawValue))) }
            sections.append((scene, .object(kv)))
        }
        return JSONValue.object(sections).text(pretty: true) + "\n"
    }
}
