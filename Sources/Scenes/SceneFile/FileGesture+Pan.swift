import Geometry
import Gestures
import Dynamics

/// A scene file's pan: the layer follows the pointer through an attachment (rigid at frequency
/// 0), locked to the gesture's axis and rubber-banded past its limits; let go, it heads for the
/// detent nearest where its velocity would carry it, on a spring that keeps its velocity or a snap.
extension FileGesture {
    /// The pan began: the layer leaves its last release behaviour and is held where it is.
    func beginPan() {
        let animator = scene.animator
        if let r = release { animator.removeBehavior(r); release = nil }
        if let h = hold { animator.removeBehavior(h) }
        start = layer.center
        let h = AttachmentBehavior(item: layer, attachedToAnchor: start)
        h.length = 0
        h.frequency = max(0, scene.resolve(spec.attachFrequency))
        h.damping = max(0, scene.resolve(spec.attachDamping))
        animator.addBehavior(h)
        hold = h
        movePan()
    }

    /// The pointer moved: the hold's anchor goes to the start plus the translation, on the axis,
    /// rubber-banded past the limits.
    func movePan() {
        guard let h = hold, let pan = recognizer as? PanGestureRecognizer else { return }
        h.anchorPoint = target(translation: pan.translation(in: layer.superview))
    }

    /// Where the layer's centre is held for a pan `translation` (parent points).
    func target(translation t: Vector) -> Point {
        var x = start.x + (spec.axis == .y ? 0 : t.dx)
        var y = start.y + (spec.axis == .x ? 0 : t.dy)
        if let limits = spec.limits {
            let c = scene.resolve(spec.rubberBandCoefficient), size = scene.shown.stage.size
            x = Self.rubberBand(x, lower: limits.minX, upper: limits.maxX, coefficient: c, dimension: size.width)
            y = Self.rubberBand(y, lower: limits.minY, upper: limits.maxY, coefficient: c, dimension: size.height)
        }
        return Point(x: x, y: y)
    }

    /// The pan ended at `velocity` (parent points per second): the hold lets go; the release
    /// picks the detent nearest the projected centre and sends the layer there with its
    /// velocity. Without a release the layer keeps its velocity. The pan's animations fire.
    func endPan(velocity raw: Vector) {
        let animator = scene.animator
        if let h = hold { animator.removeBehavior(h); hold = nil }
        let v = Vector(dx: spec.axis == .y ? 0 : raw.dx, dy: spec.axis == .x ? 0 : raw.dy)
        scene.setVelocity(v, of: layer)
        if let r = spec.release, let detent = detent(r, velocity: v) { startRelease(r, to: detent) }
        fire()
    }

    /// Takes over `other`'s pan (the A/B compare's B opening as a copy of A, the same file): a
    /// release under way goes on to the detent `other` chose; a layer `other` holds mid-pan (a
    /// press this half never saw begin, so no release would ever come) is let go where it is,
    /// at the velocity it took over, toward the detent that projects to. Either on this scene's
    /// tunables. Without a release in the file, or with neither under way, nothing: before, B's
    /// layer kept A's velocity with no spring to stop it and flew off the stage for ever.
    func adoptPan(of other: FileGesture) {
        guard spec.kind == .pan, other.spec.kind == .pan, let r = spec.release, hold == nil else { return }
        let detent: Point?
        if other.hold != nil {
            detent = self.detent(r, velocity: scene.animator.linearVelocity(for: layer))
        } else if other.release != nil {
            detent = other.chosenDetent
        } else {
            detent = nil
        }
        if let detent { startRelease(r, to: detent) }
    }

    /// The detent release `r` sends the layer to from where it is at `velocity` (parent points
    /// per second): the one nearest the centre projected by the release's deceleration rate.
    private func detent(_ r: SceneFileRelease, velocity v: Vector) -> Point? {
        Self.nearestDetent(r.detents, to: Self.projected(layer.center, velocity: v, rate: scene.resolve(r.decelerationRate)))
    }

    /// Sends the layer to `detent` by release `r`, in place of any release under way.
    private func startRelease(_ r: SceneFileRelease, to detent: Point) {
        if let old = release { scene.animator.removeBehavior(old) }
        chose(detent)
        release = releaseBehavior(r, to: detent)
        scene.animator.addBehavior(release!)
    }

    /// A snap (when the release has `snap`) or a spring attachment of length 0 to `detent`, at
    /// the tunables' values now (and later: ``FileScene/applyBindings()`` reaches it).
    private func releaseBehavior(_ r: SceneFileRelease, to detent: Point) -> DynamicBehavior {
        if let snap = r.snap {
            let s = SnapBehavior(item: layer, snapTo: detent)
            s.damping = scene.resolve(snap)
            return s
        }
        let a = AttachmentBehavior(item: layer, attachedToAnchor: detent)
        a.length = 0
        a.frequency = max(0, scene.resolve(r.frequency))
        a.damping = max(0, scene.resolve(r.damping))
        return a
    }

    /// The tunables changed: a live hold, release spring or snap takes their values.
    func retune() {
        if let h = hold {
            h.frequency = max(0, scene.resolve(spec.attachFrequency))
            h.damping = max(0, scene.resolve(spec.attachDamping))
        }
        guard let r = spec.release else { return }
        if let a = release as? AttachmentBehavior {
            a.frequency = max(0, scene.resolve(r.frequency))
            a.damping = max(0, scene.resolve(r.damping))
        } else if let s = release as? SnapBehavior, let snap = r.snap {
            s.damping = scene.resolve(snap)
        }
    }
}
