import Geometry

/// The scrolling physics of one axis of a scroll view, in the manner of `UIScrollView`:
/// dragging with rubber-banded edges, momentum with an exponential deceleration, a spring back to
/// the edge, and smoothed wheel scrolling. Positions are content offsets in points, velocities in
/// points per second of content offset, times in seconds. Frame-rate independent: every mode is
/// integrated in closed form over each step.
struct ScrollAxis {
    enum Mode: Equatable { case idle, dragging, decelerating, bouncing, wheel }

    /// UIScrollView's rubber-band constant: overshoot `x` shows as `(1 − 1/(x·c/d + 1))·d`.
    static let rubberBandCoefficient = 0.55
    /// Angular frequency of the critically damped spring that returns an overshoot to the edge
    /// (rad/s): a 100-pt overshoot is back within half a point in about 0.6 s.
    static let bounceOmega = 12.0
    /// Below this speed (pt/s) momentum stops; the distance left then is under 1 pt.
    static let stopSpeed = 2.0
    /// Time constant of wheel smoothing (s): each frame covers 1 − e^(−dt/τ) of the remaining way.
    static let wheelTimeConstant = 0.06

    var offset: Double = 0
    var velocity: Double = 0
    var minOffset: Double = 0
    var maxOffset: Double = 0
    /// Length of the view along this axis (the rubber band's scale), points.
    var viewLength: Double = 1
    /// Deceleration per millisecond (UIKit's `decelerationRate`, normal 0.998).
    var decelerationRate: Double = 0.998
    var bounces = true
    private(set) var mode: Mode = .idle
    private var dragStartRaw: Double = 0
    private var wheelTarget: Double = 0
    private var bounceEdge: Double = 0
    /// Where momentum must come to rest (paging): reached exactly by a glide when it stops.
    private var restTarget: Double?

    /// Where the motion comes to rest: the end of the momentum when decelerating, else the offset.
    var restingOffset: Double {
        mode == .decelerating ? offset + Self.decelerationDistance(velocity: velocity, rate: decelerationRate) : offset
    }

    /// Decelerates so that the content comes to rest exactly at `target` (a page), at the
    /// velocity whose momentum covers the distance; a glide finishes the last point.
    mutating func decelerate(to target: Double) {
        let t = clamp(target, minOffset, Swift.max(minOffset, maxOffset))
        let v = (t - offset) * -1000 * log(decelerationRate)
        if abs(v) > Self.stopSpeed {
            velocity = v
            mode = .decelerating
            restTarget = t
        } else {
            glide(to: t)
        }
    }

    var isMoving: Bool { mode != .idle && mode != .dragging }

    /// The motion now under way (momentum, bounce, wheel smoothing, a glide) if nothing else
    /// happens: the seconds until it stops and the offset it stops at, from a copy stepped at
    /// 1/240 s for up to `limit` seconds (0 and the offset while idle or dragging).
    func remainingMotion(limit: Double = 60) -> (time: Double, offset: Double) {
        var copy = self
        var t = 0.0
        let dt = 1.0 / 240
        while copy.isMoving && t < limit { copy.step(dt); t += dt }
        return (t, copy.offset)
    }
    var isOutOfRange: Bool { offset < minOffset || offset > maxOffset }

    /// How an overshoot `x` (points, ≥ 0) shows on screen.
    static func rubberBand(_ x: Double, dimension d: Double) -> Double {
        (1 - 1 / (x * rubberBandCoefficient / d + 1)) * d
    }
    /// The overshoot that shows as `y` (inverse of ``rubberBand(_:dimension:)``).
    static func inverseRubberBand(_ y: Double, dimension d: Double) -> Double {
        let r = min(y / d, 0.999_999)
        return d / rubberBandCoefficient * (1 / (1 - r) - 1)
    }
    /// Total distance (points) momentum carries from `velocity` (pt/s) at `rate` per millisecond:
    /// ∫ v·rate^(1000 t) dt = v / (−1000 ln rate); the per-millisecond sum v/1000 · rate/(1 − rate)
    /// agrees within 0.1 % for rates near 1.
    static func decelerationDistance(velocity: Double, rate: Double) -> Double {
        velocity / (-1000 * log(rate))
    }

    /// The raw (unbanded) offset that shows as `shown`.
    private func raw(_ shown: Double) -> Double {
        let d = max(viewLength, 1)
        if shown < minOffset { return minOffset - Self.inverseRubberBand(minOffset - shown, dimension: d) }
        if shown > maxOffset { return maxOffset + Self.inverseRubberBand(shown - maxOffset, dimension: d) }
        return shown
    }
    private func banded(_ raw: Double) -> Double {
        let d = max(viewLength, 1)
        if raw < minOffset { return bounces ? minOffset - Self.rubberBand(minOffset - raw, dimension: d) : minOffset }
        if raw > maxOffset { return bounces ? maxOffset + Self.rubberBand(raw - maxOffset, dimension: d) : maxOffset }
        return raw
    }

    mutating func beginDrag() {
        mode = .dragging
        restTarget = nil
        velocity = 0
        dragStartRaw = raw(offset)
    }
    /// `translation`: how far the pointer moved since ``beginDrag()`` (points, content follows it).
    mutating func drag(translation: Double) {
        guard mode == .dragging else { return }
        offset = banded(dragStartRaw - translation)
    }
    /// `velocity`: of the content offset (−pointer velocity), pt/s.
    mutating func endDrag(velocity v: Double) {
        guard mode == .dragging else { return }
        velocity = v
        if isOutOfRange { startBounce() } else if abs(v) > Self.stopSpeed { mode = .decelerating } else { stop() }
    }
    /// Starts momentum at `velocity` (pt/s) from the current offset.
    mutating func fling(velocity v: Double) {
        velocity = v
        if isOutOfRange { startBounce() } else if abs(v) > Self.stopSpeed { mode = .decelerating } else { stop() }
    }
    /// Scrolls by `delta` points, smoothed over the next frames; the target stays within the range.
    mutating func wheel(by delta: Double) {
        let base = mode == .wheel ? wheelTarget : offset
        wheelTarget = clamp(base + delta, minOffset, max(minOffset, maxOffset))
        mode = .wheel
        velocity = 0
    }
    /// Glides to `target` (clamped to the range) with the wheel's smoothing.
    mutating func glide(to target: Double) {
        restTarget = nil
        wheelTarget = clamp(target, minOffset, max(minOffset, maxOffset))
        mode = .wheel
        velocity = 0
    }
    /// Stops all motion where it is.
    mutating func stop() { mode = .idle; velocity = 0; restTarget = nil }

    /// Sets the range; an idle axis left out of range springs back.
    mutating func setRange(min lo: Double, max hi: Double, viewLength: Double) {
        minOffset = lo; maxOffset = Swift.max(lo, hi); self.viewLength = viewLength
        if mode == .idle && isOutOfRange { startBounce() }
        if mode == .wheel { wheelTarget = clamp(wheelTarget, minOffset, maxOffset) }
    }

    private mutating func startBounce() {
        guard bounces else { offset = clamp(offset, minOffset, maxOffset); stop(); return }
        bounceEdge = offset < minOffset ? minOffset : maxOffset
        mode = .bouncing
    }

    /// Advances the motion by `dt` seconds.
    mutating func step(_ dt: Double) {
        guard dt > 0 else { return }
        switch mode {
        case .idle, .dragging:
            return
        case .decelerating:
            let k = 1000 * log(decelerationRate)           // < 0, per second
            let decay = exp(k * dt)
            offset += velocity * (decay - 1) / k
            velocity *= decay
            if isOutOfRange {
                if bounces { startBounce() } else { offset = clamp(offset, minOffset, maxOffset); stop() }
            } else if abs(velocity) < Self.stopSpeed {
                if let t = restTarget { glide(to: t) } else { stop() }
            }
        case .bouncing:
            // Critically damped spring towards the edge: x(t) = (x0 + (v0 + ω x0) t) e^(−ωt).
            let w = Self.bounceOmega
            let x0 = offset - bounceEdge, v0 = velocity
            let b = v0 + w * x0, e = exp(-w * dt)
            let x = (x0 + b * dt) * e
            velocity = (v0 - w * b * dt) * e
            offset = bounceEdge + x
            if abs(x) < 0.5 && abs(velocity) < 10 { offset = bounceEdge; stop() }
        case .wheel:
            let remaining = wheelTarget - offset
            let moved = remaining * (1 - exp(-dt / Self.wheelTimeConstant))
            offset += moved
            velocity = moved / dt
            if abs(wheelTarget - offset) < 0.25 { offset = wheelTarget; stop() }
        }
    }
}
