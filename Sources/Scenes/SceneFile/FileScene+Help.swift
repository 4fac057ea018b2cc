import Geometry
import Animation

/// What a file scene tells a person and the HUD: its gestures in words, the curve or spring it
/// plots, and what E exports.
extension FileScene {
    /// The help card: each gesture in words ("pan sheet: release picks a detent by velocity"),
    /// then the tunables' keys.
    public var help: SceneHelp {
        SceneHelp(gestures: shown.gestures.map { HelpLine(Self.input(of: $0), Self.action(of: $0)) },
                  keys: SceneHelp.parameterKeys(parameters))
    }

    /// "pan sheet", "tap toggle", "hold card".
    static func input(of g: SceneFileGesture) -> String {
        switch g.kind {
        case .tap: "tap " + g.layer
        case .longPress: "hold " + g.layer
        case .pan: "pan " + g.layer
        }
    }

    /// What the gesture does, in words.
    static func action(of g: SceneFileGesture) -> String {
        var parts: [String] = []
        if g.kind == .pan {
            parts.append("drag" + (g.axis.map { " along " + $0.rawValue } ?? ""))
            if g.release != nil { parts.append("release picks a detent by velocity") }
        }
        if !g.animations.isEmpty {
            let toggles = g.animations.contains { $0.toggles }
            parts.append("animates " + Set(g.animations.map(\.layer)).sorted().joined(separator: ", ") + (toggles ? " (toggles)" : ""))
        }
        if !g.pushes.isEmpty { parts.append("pushes") }
        return parts.isEmpty ? "nothing" : parts.joined(separator: "; ")
    }

    /// The first release spring (its frequency and damping ratio), else the first property
    /// animation's curve (where its animator is on it), else nil.
    public var plot: ScenePlot? {
        for g in shown.gestures {
            if let r = g.release, r.snap == nil {
                return .spring(frequency: max(0, resolve(r.frequency)), dampingRatio: max(0, resolve(r.damping)),
                               note: "release of " + g.layer)
            }
        }
        for g in gestures {
            guard let a = g.animations.first else { continue }
            let (parameters, _) = FileAnimation.timing(a.spec.timing, resolve)
            let position = a.animator.map { Point(x: $0.timeFraction, y: $0.progress) }
            return .timing(parameters, position: position)
        }
        return nil
    }

    /// E: the first release spring as code, holding its layer (UIKit Dynamics' mass at density 1), or nil.
    public var motionExport: MotionExport? {
        for g in shown.gestures {
            guard let r = g.release, r.snap == nil, let layer = layersByID[g.layer] else { continue }
            let f = max(0, resolve(r.frequency)), z = max(0, resolve(r.damping))
            let item = AttachmentExport.item(layer.bounds.size)
            return MotionExport(
                spring: SpringConversion(frequency: f, dampingRatio: z, mass: item.mass),
                attachment: MotionExport.Attachment(frequency: f, dampingRatio: z, arrangement: "a spring of length 0 to a detent"),
                origin: "Kinetic scene file \"\(shown.title)\": \(g.layer) (\(item.text)) released to a detent, "
                    + AttachmentExport.text(frequency: f, dampingRatio: z))
        }
        return nil
    }

    /// The plot dragged or a spring typed: the release spring's tunables, where it names them.
    public func plottedSpringAssignments(frequency: Double, dampingRatio: Double) -> [ParameterAssignment] {
        guard let r = shown.gestures.lazy.compactMap(\.release).first(where: { $0.snap == nil }) else { return [] }
        var out: [ParameterAssignment] = []
        if case let .tunable(name) = r.frequency { out.append(ParameterAssignment(name, frequency)) }
        if case let .tunable(name) = r.damping { out.append(ParameterAssignment(name, dampingRatio)) }
        return out
    }
}
