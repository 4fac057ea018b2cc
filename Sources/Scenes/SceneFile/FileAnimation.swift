import Geometry
import Animation
import Views

/// One property animation of a scene file's gesture (``SceneFileAnimation``): a property
/// animator moving a layer to the animation's values, or, for a toggle fired again, back to the
/// layer's declared values; fired while in flight, a toggle turns back where it is
/// (``Animation/PropertyAnimator/isReversed``), as an interruptible UIKit animator does.
final class FileAnimation {
    /// The animation as the file declares it.
    let spec: SceneFileAnimation
    /// The layer it animates.
    let layer: FileLayer
    /// Whether the layer is at, or on its way to, the animation's values (a toggle's state).
    private(set) var isOn = false
    /// The animator in flight, or nil.
    private(set) var animator: PropertyAnimator?

    /// `spec` on `layer` (the layer it names), not fired yet.
    init(_ spec: SceneFileAnimation, layer: FileLayer) {
        self.spec = spec
        self.layer = layer
    }

    /// The timing parameters and duration (seconds) of `timing` at `resolve`'s numbers.
    static func timing(_ timing: SceneFileTiming, _ resolve: (SceneFileNumber) -> Double) -> (TimingParameters, duration: Double) {
        switch timing {
        case let .spring(duration, ratio):
            return (.spring(SpringTimingParameters(dampingRatio: max(0.001, resolve(ratio)))), resolve(duration))
        case let .cubic(duration, p1, p2):
            // CSS's clamp of x to 0…1 (the reader checks it; a model built in code may not).
            func clamped(_ p: Point) -> Point { Point(x: min(max(p.x, 0), 1), y: p.y) }
            return (.cubic(CubicTimingParameters(controlPoint1: clamped(p1), controlPoint2: clamped(p2))), resolve(duration))
        }
    }

    /// Fires the animation on `timeline`, timing numbers read by `resolve`: to its values, or for
    /// a toggle that is on, back; a toggle in flight turns back at once.
    func fire(on timeline: AnimationTimeline, _ resolve: (SceneFileNumber) -> Double) {
        if spec.toggles, let a = animator, a.state == .active {
            a.isReversed.toggle()
            isOn.toggle()
            return
        }
        if let a = animator, a.state == .active {
            // Fired again while in flight (not a toggle): stop where it is and head on from there.
            a.stopAnimation(false)
            a.finishAnimation(at: .current)
        }
        let goingBack = spec.toggles && isOn
        let target = goingBack ? layer.look.with(layer.declared(spec.to)) : layer.look.with(spec.to)
        isOn = !goingBack
        let (parameters, duration) = Self.timing(spec.timing, resolve)
        let a = PropertyAnimator(duration: duration, timingParameters: parameters, timeline: timeline)
        let layer = self.layer
        a.addAnimations { layer.apply(target) }
        a.addCompletion { [weak self, weak a] _ in
            if let self, self.animator === a { self.animator = nil }
        }
        animator = a
        a.startAnimation()
    }
}
