import Geometry
import Scenes

/// Property animations a gesture fires: a layer, the values it moves to, and a spring or a
/// cubic curve (``Scenes/SceneFileTiming``).
extension SceneFileReader {
    /// An animation's duration, seconds: > 0 and ≤ 60.
    static let animationDuration = SceneFileRange(lower: 0, upper: 60, lowerOpen: true)

    func readAnimation(_ node: LocatedJSON, context: String) throws -> SceneFileAnimation {
        let o = try object(node, context, known: ["layer", "to", "spring", "cubic", "toggles"])
        let layer = try o.requiredLayer("layer")
        let toNode = try o.required("to", "an object of the values to animate to")
        let t = try object(toNode, context + " \"to\"", known: ["frame", "opacity", "scale", "cornerRadius", "color", "rotation"])
        var to = SceneFileProperties()
        to.frame = try t.rect("frame")
        to.opacity = try t.optionalNumber("opacity", .unit)
        to.scale = try t.optionalNumber("scale", .scale)
        to.cornerRadius = try t.optionalNumber("cornerRadius", .nonNegative)
        to.color = try t["color"].map { try t.color($0, "\"color\"") }
        to.rotation = try t.optionalAngle("rotation")
        guard to != SceneFileProperties() else {
            throw o.problem(toNode, "\"to\" must set at least one of \"frame\", \"opacity\", \"scale\", \"cornerRadius\", \"color\", \"rotation\"")
        }
        let timing: SceneFileTiming
        switch (o["spring"], o["cubic"]) {
        case (nil, nil): throw o.problem(o.node, "missing \"spring\" ({\"duration\", \"dampingRatio\"}) or \"cubic\" ({\"duration\", \"controlPoints\"})")
        case (_?, let cubic?): throw o.problem(cubic, "\"spring\" and \"cubic\" cannot both be given (an animation has one timing)")
        case (_?, nil):
            let s = try o.object("spring", context: context + " spring", known: ["duration", "dampingRatio"])!
            timing = .spring(duration: try s.tunableNumber(s.required("duration", "seconds"), "\"duration\"", Self.animationDuration),
                             dampingRatio: try s.tunableNumber(s.required("dampingRatio", "a number > 0"), "\"dampingRatio\"", .positive))
        case (nil, _?):
            let c = try o.object("cubic", context: context + " cubic", known: ["duration", "controlPoints"])!
            let duration = try c.tunableNumber(c.required("duration", "seconds"), "\"duration\"", Self.animationDuration)
            let v = try c.numbers(c.required("controlPoints", "[x1, y1, x2, y2]"), "\"controlPoints\"", shape: "[x1, y1, x2, y2]",
                                  names: ["x1", "y1", "x2", "y2"], ranges: [.unit, .any, .unit, .any])
            timing = .cubic(duration: duration, Point(x: v[0], y: v[1]), Point(x: v[2], y: v[3]))
        }
        var animation = SceneFileAnimation(layer: layer, to: to, timing: timing)
        animation.toggles = try o.bool("toggles", default: true)
        return animation
    }
}
