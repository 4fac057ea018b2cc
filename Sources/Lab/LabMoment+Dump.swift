import Geometry
import Scenes

/// `--dump`: the session's final state as JSON (docs/DESIGN.md, Command line).
extension LabMoment {
    /// The `--dump` object: A's scene (the whole one without a compare) and, while comparing,
    /// B's under `"b"` in the same shape (without the frame counters).
    package func dumpJSON() -> JSONValue {
        var o: [(String, JSONValue)] = [("scene", .string(scene.name)), ("frame", .int(frame)), ("time", JSONValue.rounded(frameTime, 6))]
        o += dumpFields(scene)
        if let b = compareHalf?.scene { o.append(("b", .object([("scene", .string(b.name))] + dumpFields(b)))) }
        return .object(o)
    }

    /// One scene's dump fields after the frame counters: the common ones, the scene's own
    /// (``Scenes/SceneDump/fields``), the items on screen and every item its animator holds.
    private func dumpFields(_ scene: any Scene) -> [(String, JSONValue)] {
        let d = scene.dump()
        let bounds = Rect(origin: .zero, size: size)
        var o: [(String, JSONValue)] = [
            ("animatorRunning", .bool(d.animatorRunning)),
            ("params", .object(scene.parameters.map { ($0.name, .number($0.value)) })),
            ("variant", .string(scene.variant.rawValue)),
        ]
        for f in d.fields { o.append((f.name, f.value)) }
        let items = d.items.filter { $0.frame.intersects(bounds) }.map { i -> JSONValue in
            .object([
                ("indexPath", .array([.int(i.indexPath.section), .int(i.indexPath.item)])),
                ("label", .string(i.label)),
                ("frame", Self.json(i.frame)),
                ("alpha", JSONValue.rounded(i.alpha)),
                ("zIndex", .int(i.zIndex)),
                ("rotation", JSONValue.rounded(i.rotation, 4)),
                ("hidden", .bool(i.hidden)),
                ("selected", .bool(i.selected)),
            ])
        }
        o.append(("items", .array(items)))
        // Every item the animator holds, on or off screen, so a lost item shows (null = non-finite).
        let dynamic = d.dynamicItems.map { i -> JSONValue in
            .object([
                ("indexPath", .array([.int(i.indexPath.section), .int(i.indexPath.item)])),
                ("frame", Self.json(i.frame)),
                ("rotation", JSONValue.rounded(i.rotation, 4)),
                ("velocity", .array([JSONValue.rounded(i.velocity.dx), JSONValue.rounded(i.velocity.dy)])),
                ("angularVelocity", JSONValue.rounded(i.angularVelocity, 4)),
                ("finite", .bool(i.isFinite)),
            ])
        }
        o.append(("dynamicItems", .array(dynamic)))
        return o
    }

    /// A frame as `[x, y, width, height]`, rounded as the dump rounds.
    private static func json(_ f: Rect) -> JSONValue {
        .array([JSONValue.rounded(f.minX), JSONValue.rounded(f.minY), JSONValue.rounded(f.width), JSONValue.rounded(f.height)])
    }
}
