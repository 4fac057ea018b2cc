import Geometry
import Gestures

/// A view whose bounds origin scrolls over a larger content (UIKit's `UIScrollView`).
///
/// **Content.** ``contentOffset`` is the bounds' origin (points); ``contentSize`` is the size of
/// the content (points, default zero; ``CollectionView`` takes it from its layout). Every change of
/// the offset goes through ``bounds``, so ``View/boundsWillChange(to:)`` and
/// ``View/boundsDidChange(from:)`` see it, and ``scrollViewDidScroll()`` follows.
///
/// **Scrolling.** ``panGestureRecognizer`` drags the content (rubber-banded past the edges, then
/// momentum with ``decelerationRate`` per millisecond, or a spring back to the edge); the wheel
/// scrolls ``wheelLineHeight`` points per notch, smoothed. When only one axis can scroll, the pan
/// begins only for motion mainly along that axis, so a recognizer on a subview can take the other
/// direction. ``autoScroll(pointer:by:)`` scrolls while a dragged thing is held near an edge.
///
/// **Time.** The scrolling physics (momentum, bounce, wheel smoothing, animated offsets) advance
/// only in ``step(_:)``: a scroll view is a ``FrameStepper`` that registers itself (and whatever
/// else ``frameSteppers`` lists) with its ``Window`` when it is added to a view in that window,
/// and unregisters when it leaves (``View/didMoveToWindow()``, also when an ancestor moved); the
/// window steps it after its timeline and before the views' ``View/update(_:)``. The physics
/// of each axis are integrated in closed form, so they do not depend on the frame rate.
///
/// **Subclass hooks.** ``scrollViewDidScroll()``, ``scrollViewWillBeginDragging()``,
/// ``scrollViewDidEndDragging(willDecelerate:)`` and ``scrollViewDidEndDecelerating()`` stand for
/// UIKit's `UIScrollViewDelegate` callouts; ``CollectionView`` forwards them to its delegate.
open class ScrollView: View, GestureRecognizerDelegate, FrameStepper {
    /// Creates a scroll view with `frame` (points); it clips its content and owns a pan recognizer.
    public override init(frame: Rect) {
        super.init(frame: frame)
        clipsToBounds = true
        panGestureRecognizer.name = "ScrollView.pan"
        panGestureRecognizer.delegate = self
        panGestureRecognizer.addTarget { [weak self] r in self?.handlePan(r) }
        addGestureRecognizer(panGestureRecognizer)
    }

    @exclusivity(unchecked) var axisX = ScrollAxis(), axisY = ScrollAxis()

    // MARK: Content

    /// The content point shown at the view's top-left corner (points): the bounds' origin.
    /// Setting it scrolls at once (subclasses hear about the bounds change first).
    public var contentOffset: Point {
        get { bounds.origin }
        set {
            guard newValue != bounds.origin else { return }
            axisX.offset = newValue.x; axisY.offset = newValue.y
            bounds = Rect(origin: newValue, size: bounds.size)
        }
    }
    /// The size of the content (points). Default zero. Subclasses may compute it (a collection
    /// view asks its layout and ignores assignments).
    open var contentSize: Size = .zero

    /// Whether the user can scroll (drag or wheel). Default true.
    public var isScrollEnabled = true
    /// Whether the content rubber-bands past its edges. Default true.
    public var bounces = true { didSet { axisX.bounces = bounces; axisY.bounces = bounces } }
    /// Whether vertical dragging and bouncing work even when the content is not taller than the view. Default false.
    public var alwaysBounceVertical = false
    /// Whether horizontal dragging and bouncing work even when the content is not wider than the view. Default false.
    public var alwaysBounceHorizontal = false
    /// Momentum decay per millisecond: velocity × rate^(ms). Default 0.998 (UIKit's `.normal`).
    public var decelerationRate = 0.998 {
        didSet { axisX.decelerationRate = decelerationRate; axisY.decelerationRate = decelerationRate }
    }
    /// Points scrolled per wheel notch. Default 40.
    public var wheelLineHeight = 40.0
    /// The fastest a release or ``fling(velocity:)`` sets the content moving, points per second
    /// (faster ones keep their direction at this speed). Default 10 000, about the fastest flick
    /// a hand gives: momentum from it stops within 4.3 s at the normal rate. Without it, a pointer
    /// that jumps 900 pt between two events 4 ms apart (a script, a trackpad burst) threw a long
    /// list for over 5 s.
    public var maximumFlingSpeed = 10_000.0

    /// Whether the user is dragging the content.
    public var isDragging: Bool { axisX.mode == .dragging || axisY.mode == .dragging }
    /// Whether the content moves on its own (momentum, bounce or wheel smoothing).
    public var isDecelerating: Bool { axisX.isMoving || axisY.isMoving }
    /// The current scrolling velocity (points per second of content offset).
    public var scrollVelocity: Vector { Vector(dx: axisX.velocity, dy: axisY.velocity) }

    /// Whether the content can scroll horizontally (wider than the view, or ``alwaysBounceHorizontal``).
    public var canScrollHorizontally: Bool { contentSize.width > bounds.width || alwaysBounceHorizontal }
    /// Whether the content can scroll vertically (taller than the view, or ``alwaysBounceVertical``).
    public var canScrollVertically: Bool { contentSize.height > bounds.height || alwaysBounceVertical }

    /// The distance (points) momentum carries content flung at `velocity` (pt/s) with `rate` per
    /// millisecond (default 0.998): v / (−1000 ln rate) ≈ v/1000 · rate/(1 − rate). Use it to pick
    /// a landing spot.
    public static func decelerationDistance(velocity: Double, rate: Double = 0.998) -> Double {
        ScrollAxis.decelerationDistance(velocity: velocity, rate: rate)
    }

    /// Brings the scrolling range up to date with ``contentSize`` and the bounds' size (call after
    /// the content size may have changed; scrolling calls it itself).
    public func updateScrollRange() {
        let c = contentSize
        axisX.setRange(min: 0, max: c.width - bounds.width, viewLength: bounds.width)
        axisY.setRange(min: 0, max: c.height - bounds.height, viewLength: bounds.height)
    }

    private func applyAxes() {
        let new = Point(x: axisX.offset, y: axisY.offset)
        guard new != bounds.origin else { return }
        bounds = Rect(origin: new, size: bounds.size)
    }

    // MARK: Dragging, flinging, gliding

    /// Starts a drag of the content (the pan recognizer calls this; tests and scenes may too).
    public func beginDragging() {
        guard isScrollEnabled else { return }
        updateScrollRange()
        if canScrollHorizontally { axisX.beginDrag() } else { axisX.stop() }
        if canScrollVertically { axisY.beginDrag() } else { axisY.stop() }
        scrollViewWillBeginDragging()
    }
    /// Moves the dragged content: `translation` is the pointer's motion since ``beginDragging()``
    /// (points, view coordinates); past the edges the content follows with a rubber band.
    public func dragContent(translation: Vector) {
        axisX.drag(translation: translation.dx)
        axisY.drag(translation: translation.dy)
        applyAxes()
    }
    /// Ends the drag with the pointer's `velocity` (points per second, view coordinates): momentum
    /// continues the motion, or the content springs back inside its edges.
    public func endDragging(velocity: Vector) {
        guard isDragging else { return }
        let velocity = cappedFlingVelocity(velocity)
        axisX.endDrag(velocity: -velocity.dx)
        axisY.endDrag(velocity: -velocity.dy)
        settle(velocity: velocity)
        scrollViewDidEndDragging(willDecelerate: isDecelerating)
    }

    /// `velocity` at most ``maximumFlingSpeed`` fast, in its direction (zero when not finite).
    private func cappedFlingVelocity(_ velocity: Vector) -> Vector {
        guard velocity.dx.isFinite && velocity.dy.isFinite else { return .zero }
        let speed = velocity.length
        guard speed > maximumFlingSpeed else { return velocity }
        return Vector(dx: velocity.dx / speed * maximumFlingSpeed, dy: velocity.dy / speed * maximumFlingSpeed)
    }

    /// Asks ``targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`` where the
    /// motion should end and, when that differs, makes momentum end there (paging).
    private func settle(velocity: Vector) {
        let proposed = Point(x: axisX.restingOffset, y: axisY.restingOffset)
        let target = targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: velocity)
        guard target != proposed else { return }
        if canScrollHorizontally && target.x != proposed.x && !axisX.isOutOfRange { axisX.decelerate(to: target.x) }
        if canScrollVertically && target.y != proposed.y && !axisY.isOutOfRange { axisY.decelerate(to: target.y) }
    }

    /// Where scrolling that would come to rest at `proposed` (content offset, points) after a
    /// release at pointer `velocity` (pt/s) should stop instead, as UIKit's
    /// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`. Default: `proposed`.
    open func targetContentOffset(forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Vector) -> Point {
        proposed
    }
    /// Sets the content in motion as if released at pointer `velocity` (pt/s) — a fling.
    public func fling(velocity: Vector) {
        let velocity = cappedFlingVelocity(velocity)
        updateScrollRange()
        if canScrollHorizontally { axisX.fling(velocity: -velocity.dx) }
        if canScrollVertically { axisY.fling(velocity: -velocity.dy) }
    }
    /// Scrolls to `offset`: at once, or (`animated`) gliding there with the wheel's smoothing
    /// (time constant 0.06 s), clamped to the content.
    public func setContentOffset(_ offset: Point, animated: Bool) {
        guard animated else { stopScrolling(); contentOffset = offset; return }
        updateScrollRange()
        axisX.glide(to: offset.x)
        axisY.glide(to: offset.y)
    }
    /// Stops momentum, bounce and wheel smoothing where the content is.
    public func stopScrolling() { axisX.stop(); axisY.stop() }

    // MARK: Edge auto-scroll

    /// Distance from an edge of the view within which ``autoScroll(pointer:by:)`` scrolls, in
    /// points. Default 40.
    public var autoScrollEdgeInset = 40.0
    /// Auto-scroll speed with the pointer at (or past) an edge, in points per second; it falls
    /// linearly to 0 at ``autoScrollEdgeInset`` from the edge. Default 800.
    public var autoScrollMaximumSpeed = 800.0

    /// Scrolls vertically for `dt` seconds while `pointer` (in the superview's coordinates, the
    /// space of ``View/frame``) is within ``autoScrollEdgeInset`` of the top or bottom edge, at a
    /// speed that grows to ``autoScrollMaximumSpeed`` at the edge, clamped to the content. This is
    /// what a drag-and-drop controller calls each frame while an item is held (UIKit does it for
    /// its interactive movement). Returns whether the content offset changed.
    @discardableResult
    public func autoScroll(pointer: Point, by dt: Double) -> Bool {
        guard dt > 0 else { return false }
        let y = pointer.y - frame.minY, h = frame.height, edge = autoScrollEdgeInset
        guard edge > 0 else { return false }
        var speed = 0.0
        if y < edge { speed = -autoScrollMaximumSpeed * min(1, (edge - y) / edge) }
        else if y > h - edge { speed = autoScrollMaximumSpeed * min(1, (y - (h - edge)) / edge) }
        guard speed != 0 else { return false }
        let offset = contentOffset
        let maxY = max(0, contentSize.height - h)
        let newY = clamp(offset.y + speed * dt, 0, maxY)
        guard newY != offset.y else { return false }
        contentOffset = Point(x: offset.x, y: newY)
        return true
    }

    // MARK: Pan and wheel

    /// The pan recognizer that drags the content. Attached to this view; its delegate is this view.
    public let panGestureRecognizer = PanGestureRecognizer()

    private func handlePan(_ r: GestureRecognizer) {
        guard let pan = r as? PanGestureRecognizer else { return }
        switch pan.state {
        case .began:
            beginDragging()
            dragContent(translation: pan.translation(in: self))
        case .changed:
            dragContent(translation: pan.translation(in: self))
        case .ended:
            dragContent(translation: pan.translation(in: self))
            endDragging(velocity: pan.velocity(in: self))
        case .cancelled:
            endDragging(velocity: .zero)
        default:
            break
        }
    }

    /// The scroll pan begins only when scrolling is enabled and, if a single axis scrolls, when the
    /// motion is mainly along it. Other recognizers: true.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard gestureRecognizer === panGestureRecognizer else { return true }
        guard isScrollEnabled else { return false }
        let h = canScrollHorizontally, v = canScrollVertically
        if h == v { return h }
        let t = panGestureRecognizer.translation(in: self)
        return h ? abs(t.dx) >= abs(t.dy) : abs(t.dy) >= abs(t.dx)
    }

    /// Wheel scrolling: vertical notches scroll vertically (horizontally when only that axis
    /// scrolls, or with Shift), smoothed over the next frames. Returns whether it scrolled.
    open override func scrollWheel(_ event: ScrollEvent) -> Bool {
        guard isScrollEnabled else { return false }
        updateScrollRange()
        var d = event.delta(pointsPerLine: wheelLineHeight)
        let h = canScrollHorizontally, v = canScrollVertically
        if event.modifiers.contains(.shift) || (h && !v) { d = Vector(dx: d.dx + d.dy, dy: 0) }
        // SDL: +dy turns the wheel away from the user, which moves the content down (offset decreases).
        let dx = h ? d.dx : 0, dy = v ? -d.dy : 0
        guard dx != 0 || dy != 0 else { return false }
        if dx != 0 { axisX.wheel(by: dx) }
        if dy != 0 { axisY.wheel(by: dy) }
        return true
    }

    // MARK: Bounds and frame

    /// Keeps the scroll physics in step with the new bounds, asks for a relayout and calls
    /// ``scrollViewDidScroll()`` when the origin moved.
    open override func boundsDidChange(from oldBounds: Rect) {
        super.boundsDidChange(from: oldBounds)
        axisX.offset = bounds.origin.x; axisY.offset = bounds.origin.y
        setNeedsLayout()
        if oldBounds.origin != bounds.origin { scrollViewDidScroll() }
    }

    // MARK: Frame

    /// Advances momentum, bounce, wheel smoothing and animated offsets by `dt` seconds and applies
    /// the new ``contentOffset``; calls ``scrollViewDidEndDecelerating()`` when the motion comes to
    /// rest. Does nothing while the content is still. The ``Window`` calls it once per frame.
    public func step(_ dt: Double) {
        guard isDecelerating else { return }
        updateScrollRange()
        axisX.step(dt); axisY.step(dt)
        applyAxes()
        if !isDecelerating && !isDragging { scrollViewDidEndDecelerating() }
    }

    /// The scrolling now under way (momentum, a bounce, wheel smoothing) if nothing else happens:
    /// the seconds until it comes to rest (0 while still or dragging) and the content offset it
    /// rests at.
    public var remainingScroll: (time: Double, contentOffset: Point) {
        let x = axisX.remainingMotion(), y = axisY.remainingMotion()
        return (max(x.time, y.time), Point(x: x.offset, y: y.offset))
    }

    /// Whether the scrolling physics are still (no momentum, bounce, wheel smoothing or animated
    /// offset): ``step(_:)`` would do nothing. A drag in progress is at rest between pointer events.
    public var isAtRest: Bool { !isDecelerating }

    /// What this view registers with its window's ``Window/steppers``, in order: itself (the
    /// scrolling physics). Subclasses append theirs (a collection view adds its layout's animator).
    open var frameSteppers: [any FrameStepper] { [self] }

    /// The window this view's ``frameSteppers`` are registered with.
    private weak var steppingWindow: Window?
    /// The steppers registered there, held weakly: the list holds the view itself, and a strong
    /// reference from the view to itself kept every scroll view (and its layout, cells and
    /// animator) alive once it had been in a window: a scene switch leaked ~150 KB. The window
    /// retains its steppers, so none of these is gone while it is registered.
    private var registeredSteppers: [WeakStepper] = []
    /// A stepper referenced weakly.
    private struct WeakStepper { weak var stepper: (any FrameStepper)? }

    /// Moves the registration of ``frameSteppers`` to the window the view is now in (none when it
    /// left the hierarchy), whether the view moved or an ancestor did (a scroll view inside a
    /// container added to the window later scrolls too).
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        let now = window
        guard now !== steppingWindow else { return }
        for case let s? in registeredSteppers.map(\.stepper) { steppingWindow?.removeStepper(s) }
        let steppers = now == nil ? [] : frameSteppers
        registeredSteppers = steppers.map { WeakStepper(stepper: $0) }
        for s in steppers { now?.addStepper(s) }
        steppingWindow = now
    }

    // MARK: Hooks (UIScrollViewDelegate)

    /// The content offset changed (UIKit's `scrollViewDidScroll(_:)`). Default does nothing.
    open func scrollViewDidScroll() {}
    /// The user started dragging the content (`scrollViewWillBeginDragging(_:)`). Default does nothing.
    open func scrollViewWillBeginDragging() {}
    /// The user let go of the content; `decelerate` tells whether momentum or a bounce follows
    /// (`scrollViewDidEndDragging(_:willDecelerate:)`). Default does nothing.
    open func scrollViewDidEndDragging(willDecelerate decelerate: Bool) {}
    /// Momentum, bounce or wheel smoothing came to rest (`scrollViewDidEndDecelerating(_:)`).
    /// Default does nothing.
    open func scrollViewDidEndDecelerating() {}
}
