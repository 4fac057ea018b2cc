import Geometry
import Scenes

/// Behaviours, with UIKit Dynamics' names, units and defaults: each type has its own keys.
extension SceneFileReader {
    /// Each behaviour type's keys (besides "type").
    static let behaviorKeys: [(type: String, keys: [String])] = [
        ("gravity", ["items", "magnitude", "angle"]),
        ("collision", ["items", "mode", "stageEdges", "insets", "boundaries"]),
        ("attachment", ["item", "offset", "toPoint", "toLayer", "toOffset", "kind", "length", "frequency", "damping", "axis"]),
        ("snap", ["item", "point", "damping"]),
        ("push", ["items", "mode", "magnitude", "angle"]),
        ("field", ["kind", "items", "position", "strength", "falloff", "minimumRadius", "region", "direction", "smoothness", "animationSpeed"]),
        ("itemProperties", ["items", "elasticity", "friction", "density", "resistance", "angularResistance", "allowsRotation", "anchored"]),
    ]
    /// The field kinds (UIKit's `UIFieldBehavior` factories).
    static let fieldKinds = ["linearGravity", "radialGravity", "spring", "drag", "vortex", "velocity", "noise", "turbulence", "electric", "magnetic"]

    func readBehaviors(_ node: LocatedJSON?) throws -> [SceneFileBehavior] {
        try items(node, "behaviors", "an array of behaviours").enumerated().map { i, item in
            let typeNames = Self.behaviorKeys.map(\.type)
            let first = try object(item, "behavior \(i + 1)", known: nil)
            let type = try first.choice(first.required("type", typeNames.joined(separator: ", ")), "\"type\"", typeNames)
            let o = try object(item, "behavior \(i + 1) (\(type))", known: ["type"] + (Self.behaviorKeys.first { $0.type == type }?.keys ?? []))
            return try readBehavior(type, o)
        }
    }

    private func readBehavior(_ type: String, _ o: SceneFileObject) throws -> SceneFileBehavior {
        switch type {
        case "gravity":
            return .gravity(items: try o.layers("items"), magnitude: try o.tunableNumber("magnitude", .any, default: 1),
                            angle: try o.tunableAngle("angle", default: 90))
        case "collision": return .collision(try readCollision(o))
        case "attachment": return .attachment(try readAttachment(o))
        case "snap":
            return .snap(item: try o.requiredLayer("item"), point: try o.point(o.required("point", "[x, y]"), "\"point\""),
                         damping: try o.tunableNumber("damping", .unit, default: 0.5))
        case "push":
            let mode = try o.choice("mode", ["instantaneous", "continuous"], default: "instantaneous")
            return .push(items: try o.layers("items"), continuous: mode == "continuous",
                         magnitude: try o.tunableNumber("magnitude", .any, default: 1), angle: try o.tunableAngle("angle", default: 0))
        case "field": return .field(try readField(o))
        default:
            var p = SceneFileItemProperties(items: try o.layers("items"))
            p.elasticity = try o.optionalTunableNumber("elasticity", .unit)
            p.friction = try o.optionalTunableNumber("friction", .nonNegative)
            p.density = try o.optionalTunableNumber("density", .positive)
            p.resistance = try o.optionalTunableNumber("resistance", .nonNegative)
            p.angularResistance = try o.optionalTunableNumber("angularResistance", .nonNegative)
            p.allowsRotation = try o.optionalBool("allowsRotation")
            p.anchored = try o.optionalBool("anchored")
            return .itemProperties(p)
        }
    }

    private func readCollision(_ o: SceneFileObject) throws -> SceneFileCollision {
        var c = SceneFileCollision(items: try o.layers("items"))
        c.mode = SceneFileCollision.Mode(rawValue: try o.choice("mode", ["everything", "items", "boundaries"], default: "everything")) ?? .everything
        c.stageEdges = try o.bool("stageEdges", default: true)
        c.insets = try o.insets("insets") ?? c.insets
        if let node = o["boundaries"] {
            let expectation = "an array of segments [[x1, y1], [x2, y2]]"
            c.segments = try o.array(node, "\"boundaries\"", expectation).enumerated().map { i, segment in
                let label = "\"boundaries\" item \(i + 1)"
                let ends = try o.array(segment, label, "a segment [[x1, y1], [x2, y2]]")
                guard ends.count == 2 else { throw o.problem(segment, "\(label) must be a segment [[x1, y1], [x2, y2]] (got \(ends.count) items)") }
                let a = try o.point(ends[0], label + " start"), b = try o.point(ends[1], label + " end")
                guard a != b else { throw o.problem(segment, "\(label) must join two different points") }
                return (a, b)
            }
        }
        return c
    }

    private func readAttachment(_ o: SceneFileObject) throws -> SceneFileAttachment {
        let item = try o.requiredLayer("item")
        let target: SceneFileAttachment.Target
        switch (o["toPoint"], o["toLayer"]) {
        case (nil, nil): throw o.problem(o.node, "missing \"toPoint\" ([x, y]) or \"toLayer\" (a layer id)")
        case (_?, let layer?): throw o.problem(layer, "\"toPoint\" and \"toLayer\" cannot both be given (an attachment has one target)")
        case (let point?, nil):
            try o.refuse("toOffset", unless: false, onlyFor: "attachments to a layer (\"toLayer\")")
            target = .point(try o.point(point, "\"toPoint\""))
        case (nil, let layerNode?):
            let layer = try o.layer(layerNode, "\"toLayer\"")
            guard layer != item else { throw o.problem(layerNode, "\"toLayer\" is the attached item itself (\"item\")") }
            target = .layer(layer, offset: try o.vector("toOffset", default: Vector(dx: 0, dy: 0)))
        }
        var a = SceneFileAttachment(item: item, target: target)
        a.offset = try o.vector("offset", default: a.offset)
        if let node = o["kind"] {
            a.kind = SceneFileAttachment.Kind(rawValue: try o.choice(node, "\"kind\"", ["spring", "fixed", "sliding", "limit", "pin"])) ?? .spring
            if a.kind == .pin, case .point = target {
                throw o.problem(node, "\"kind\" \"pin\" joins two layers: give \"toLayer\" instead of \"toPoint\"")
            }
        }
        a.length = try o.optionalTunableNumber("length", .nonNegative)
        a.frequency = try o.tunableNumber("frequency", .nonNegative, default: 0)
        a.damping = try o.tunableNumber("damping", .nonNegative, default: 0)
        try o.refuse("axis", unless: a.kind == .sliding, onlyFor: "sliding attachments (\"kind\": \"sliding\")")
        if let node = o["axis"] {
            let axis = try o.vector(node, "\"axis\"")
            let length = (axis.dx * axis.dx + axis.dy * axis.dy).squareRoot()
            guard length > 0 else { throw o.problem(node, "\"axis\" must have a direction (got [0, 0])") }
            a.axis = Vector(dx: axis.dx / length, dy: axis.dy / length)
        }
        return a
    }

    private func readField(_ o: SceneFileObject) throws -> SceneFileField {
        let kind = try o.choice(o.required("kind", Self.fieldKinds.joined(separator: ", ")), "\"kind\"", Self.fieldKinds)
        let size = scope.stageSize
        var f = SceneFileField(kind: kind, items: try o.layers("items"),
                               position: try o.point("position") ?? Point(x: size.width / 2, y: size.height / 2))
        f.strength = try o.tunableNumber("strength", .any, default: 1)
        f.falloff = try o.tunableNumber("falloff", .nonNegative, default: 0)
        f.minimumRadius = try o.tunableNumber("minimumRadius", .nonNegative, default: 0)
        f.region = try o.optionalNumber("region", .positive)
        let directed = ["linearGravity", "velocity"].contains(kind), noisy = ["noise", "turbulence"].contains(kind)
        try o.refuse("direction", unless: directed, onlyFor: "linearGravity and velocity fields")
        f.direction = try o.vector("direction", default: f.direction)
        try o.refuse("smoothness", unless: noisy, onlyFor: "noise and turbulence fields")
        try o.refuse("animationSpeed", unless: noisy, onlyFor: "noise and turbulence fields")
        f.smoothness = try o.tunableNumber("smoothness", .unit, default: 0)
        f.animationSpeed = try o.tunableNumber("animationSpeed", .nonNegative, default: 0)
        return f
    }
}
