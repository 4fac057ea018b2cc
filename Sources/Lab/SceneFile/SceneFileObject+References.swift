import Scenes

/// Values that name something else in the file: a `"$tunable"` standing for a number, and layer
/// ids. Each must name what exists; a message lists what does.
extension SceneFileObject {
    /// A number or `"$name"` of a tunable whose whole range lies within `range`, labelled `label`.
    func tunableNumber(_ node: LocatedJSON, _ label: String, _ range: SceneFileRange) throws -> SceneFileNumber {
        guard case .string(let text) = node.value else {
            guard case .number = node.value else { throw expected("\(range.expectation) or \"$name\" of a tunable", node, label) }
            return .value(try number(node, label, range))
        }
        guard text.hasPrefix("$") else { throw expected("\(range.expectation) or \"$name\" of a tunable", node, label) }
        let name = String(text.dropFirst())
        guard let tunable = scope.tunables.first(where: { $0.name == name }) else {
            let names = scope.tunables.map(\.name)
            let known = names.isEmpty ? "the file declares no tunables"
                : Self.suggestion(for: name, among: names).map { "did you mean \"$\($0)\"?" } ?? "tunables: \(SceneFileScope.list(names))"
            throw problem(node, "\(label): \"\(text)\" names no tunable (\(known))")
        }
        guard range.contains(tunable.range) else {
            throw problem(node, "\(label) must stay \(range.phrase), but tunable \"\(name)\" goes from "
                          + "\(LocatedJSON.format(tunable.range.lowerBound)) to \(LocatedJSON.format(tunable.range.upperBound))")
        }
        return .tunable(name)
    }

    /// The number or tunable `key`, or `fallback` when absent.
    func tunableNumber(_ key: String, _ range: SceneFileRange, default fallback: Double) throws -> SceneFileNumber {
        try optionalTunableNumber(key, range) ?? .value(fallback)
    }

    /// The number or tunable `key`, or nil when absent.
    func optionalTunableNumber(_ key: String, _ range: SceneFileRange) throws -> SceneFileNumber? {
        try self[key].map { try tunableNumber($0, "\"\(key)\"", range) }
    }

    /// An angle: degrees, or a tunable in degrees (the model keeps it as `.tunable`;
    /// ``Scenes/SceneFileNumber/resolveAngle(_:)`` converts it when used), or `fallback` degrees.
    func tunableAngle(_ key: String, default fallback: Double) throws -> SceneFileNumber {
        switch try tunableNumber(key, .any, default: fallback) {
        case .value(let degrees): return .value(degrees * .pi / 180)
        case let tunable: return tunable
        }
    }

    /// A layer id that exists, labelled `label` (`layer` for a gesture's or animation's
    /// `"layer"`, else the key).
    func layer(_ node: LocatedJSON, _ label: String) throws -> String {
        guard case .string(let id) = node.value else { throw expected("a layer id", node, label) }
        guard scope.layerTypes[id] != nil else {
            let ids = scope.layerIDs
            let known = ids.isEmpty ? "the file declares no layers" : "layers: \(SceneFileScope.list(ids))"
            throw problem(node, "\(label == "\"layer\"" ? "" : "\(label): ")layer \"\(id)\" does not exist (\(known))")
        }
        return id
    }

    /// The layer id `key`, which must be there.
    func requiredLayer(_ key: String) throws -> String {
        try layer(required(key, "a layer id"), "\"\(key)\"")
    }

    /// `key`: an array of one or more distinct layer ids, which must be there.
    func layers(_ key: String) throws -> [String] {
        let node = try required(key, "an array of layer ids")
        let items = try array(node, "\"\(key)\"", "an array of layer ids")
        guard !items.isEmpty else { throw problem(node, "\"\(key)\" must name at least one layer") }
        var seen = Set<String>()
        return try items.map { item in
            let id = try layer(item, "\"\(key)\"")
            guard seen.insert(id).inserted else { throw problem(item, "\"\(key)\" names layer \"\(id)\" twice") }
            return id
        }
    }
}
