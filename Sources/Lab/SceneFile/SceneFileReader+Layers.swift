import Geometry
import Drawing
import Scenes

/// Layers: unique ids, one type each with its own keys, and groups ("parent") that hold no
/// cycle. The model lists parents before their children, siblings in declaration order.
extension SceneFileReader {
    /// Keys every layer may have.
    static let layerKeys = ["id", "type", "frame", "color", "opacity", "scale", "rotation", "z", "shadow", "parent"]
    /// Keys only some types of layer have, and which.
    static let typedLayerKeys: [String: (types: Set<String>, owner: String)] = [
        "cornerRadius": (["rectangle", "image"], "rectangle and image layers"),
        "text": (["text"], "text layers"), "fontSize": (["text"], "text layers"), "align": (["text"], "text layers"),
        "src": (["image"], "image layers"),
    ]
    /// The layer types.
    static let layerTypes = ["rectangle", "circle", "text", "image", "group"]
    /// Each layer type's keys (worked out once: a file may have 10,000 layers).
    static let layerKeysByType: [String: [String]] = Dictionary(uniqueKeysWithValues: layerTypes.map { type in
        (type, layerKeys + typedLayerKeys.filter { $0.value.types.contains(type) }.keys.sorted())
    })
    /// For each key only some types have, which.
    static let layerKeyOwners = typedLayerKeys.mapValues(\.owner)

    mutating func readLayers(_ node: LocatedJSON?) throws -> [SceneFileLayer] {
        let items = try items(node, "layers", "an array of layers")
        if items.count > Self.layerLimit {
            throw Problem(items[Self.layerLimit].offset, "\"layers\" holds \(items.count) layers, over the limit of \(Self.layerLimit)")
        }
        var layers: [SceneFileLayer] = []
        // Each "parent" value and the layer's node and name (not its SceneFileObject: that holds
        // a copy of the scope, and every layer added would then copy the scope's tables).
        var parents: [Parent?] = []
        for (i, item) in items.enumerated() {
            let (layer, parent) = try readLayer(item, number: i + 1)
            layers.append(layer)
            parents.append(parent)
            scope.layerTypes[layer.id] = Self.typeName(layer.content)
            scope.layerIDs.append(layer.id)
        }
        // Parents once every id is known: a child may come before its group.
        for (i, entry) in parents.enumerated() {
            guard let entry else { continue }
            let o = try object(entry.layer, entry.context, known: nil) // seeing every layer
            let node = entry.value
            let id = try o.layer(node, "\"parent\"")
            guard scope.layerTypes[id] == "group" else {
                throw o.problem(node, "\"parent\": layer \(LocatedJSON.quote(id)) is a \(scope.layerTypes[id] ?? "") layer, not a group")
            }
            layers[i].parent = id
        }
        try checkAcyclic(layers, parents: parents)
        return Self.parentsFirst(layers)
    }

    /// A layer's "parent" value, checked once every layer is read.
    private struct Parent {
        /// The value, the layer's node and what messages call the layer.
        let value: LocatedJSON, layer: LocatedJSON, context: String
    }

    /// One layer, and its "parent" value.
    private func readLayer(_ item: LocatedJSON, number: Int) throws -> (SceneFileLayer, Parent?) {
        let first = try object(item, "layer \(number)", known: nil)
        let idNode = try first.required("id", "letters, digits, - and _")
        let id = try first.string(idNode, "\"id\"")
        guard Self.isName(id, also: ["-", "_"]) else {
            throw first.expected("an id of ASCII letters, digits, - and _", idNode, "\"id\"")
        }
        guard scope.layerTypes[id] == nil else {
            let other = scope.layerIDs.firstIndex(of: id).map { $0 + 1 } ?? 0
            throw first.problem(idNode, "\"id\": layer \(other) already has the id \(LocatedJSON.quote(id))")
        }
        let type = try first.choice(first.required("type", Self.layerTypes.joined(separator: ", ")), "\"type\"", Self.layerTypes)
        let o = try object(item, Self.named("layer", id), known: Self.layerKeysByType[type] ?? Self.layerKeys, elsewhere: Self.layerKeyOwners)
        let frame = try o.rect(o.required("frame", "[x, y, width, height]"), "\"frame\"")
        var layer = SceneFileLayer(id: id, content: try readContent(type, o), frame: frame)
        layer.color = try o.color("color", default: layer.color)
        layer.opacity = try o.number("opacity", .unit, default: 1)
        layer.scale = try o.number("scale", .scale, default: 1)
        layer.rotation = try o.angle("rotation", default: 0)
        layer.cornerRadius = try o.number("cornerRadius", .nonNegative, default: 0)
        layer.z = try o.integer("z", default: 0)
        if let s = try o.object("shadow", context: Self.named("layer", id) + " shadow", known: ["color", "opacity", "radius", "offset"]) {
            var shadow = SceneFileShadow()
            shadow.color = try s.color("color", default: shadow.color)
            shadow.opacity = try s.number("opacity", .unit, default: shadow.opacity)
            shadow.radius = try s.number("radius", .side, default: shadow.radius)
            shadow.offset = try s.vector("offset", default: shadow.offset)
            layer.shadow = shadow
        }
        return (layer, o["parent"].map { Parent(value: $0, layer: item, context: o.context) })
    }

    private func readContent(_ type: String, _ o: SceneFileObject) throws -> SceneFileLayer.Content {
        switch type {
        case "circle": return .circle
        case "group": return .group
        case "image": return .image(path: try imagePath(o.required("src", "a PNG file's path, relative to the scene file's folder"), in: o))
        case "text":
            let text = try o.string(o.required("text", "a string"), "\"text\"")
            let size = try o.number("fontSize", SceneFileRange(lower: 1, upper: 1000), default: 17)
            let align = try o.choice("align", ["left", "center", "right"], default: "left")
            return .text(text, fontSize: size, alignment: TextAlignment(rawValue: align) ?? .left)
        default: return .rectangle
        }
    }

    /// The file's name for the type of `content`.
    static func typeName(_ content: SceneFileLayer.Content) -> String {
        switch content {
        case .rectangle: "rectangle"
        case .circle: "circle"
        case .text: "text"
        case .image: "image"
        case .group: "group"
        }
    }

    /// Refuses groups nested in themselves, at the "parent" that closes the first loop found
    /// (walking up from each layer in declaration order; each layer is walked once).
    private func checkAcyclic(_ layers: [SceneFileLayer], parents: [Parent?]) throws {
        let index = Dictionary(uniqueKeysWithValues: layers.enumerated().map { ($1.id, $0) })
        var state = [UInt8](repeating: 0, count: layers.count) // 0 not seen, 1 on the current walk, 2 done
        for start in layers.indices where state[start] == 0 {
            var path: [Int] = []
            var i: Int? = start
            while let k = i, state[k] != 2 {
                if state[k] == 1 {
                    let loop = path[path.firstIndex(of: k)!...].map { layers[$0].id } + [layers[k].id]
                    let shown = loop.count <= 9 ? loop : Array(loop.prefix(4)) + ["…"] + Array(loop.suffix(4))
                    let last = path.last!
                    guard let parent = parents[last] else { break }
                    let o = try object(parent.layer, parent.context, known: nil)
                    throw o.problem(parent.value, "\"parent\" makes a loop of groups: \(shown.joined(separator: " → ")) (a group cannot be inside itself)")
                }
                state[k] = 1
                path.append(k)
                i = layers[k].parent.flatMap { index[$0] }
            }
            for k in path { state[k] = 2 }
        }
    }

    /// `layers` with each group's children right after it (depth first), siblings in
    /// declaration order: parents before children, and the same order as declared when no
    /// layer comes before its group.
    static func parentsFirst(_ layers: [SceneFileLayer]) -> [SceneFileLayer] {
        var children: [String: [Int]] = [:]
        for (i, layer) in layers.enumerated() { if let p = layer.parent { children[p, default: []].append(i) } }
        var ordered: [SceneFileLayer] = []
        ordered.reserveCapacity(layers.count)
        var stack = layers.indices.filter { layers[$0].parent == nil }.reversed().map { $0 }
        while let i = stack.popLast() {
            ordered.append(layers[i])
            stack.append(contentsOf: (children[layers[i].id] ?? []).reversed())
        }
        return ordered
    }
}
