import Geometry
import Drawing
import Gestures
import Animation

/// The top of a view hierarchy (the role of UIKit's `UIWindow`): it owns the root view, turns
/// pointer, wheel and key events (window coordinates, points; timestamps in seconds) into
/// gesture-recognizer input through hit-testing, advances per-frame state and draws the frame.
///
/// **Events.** A pointer `.down` hit-tests the root view (through every transform, in
/// presentation values) and starts a sequence in ``arena`` with the recognizers of the hit view
/// followed by those of its ancestors; later moves, the up or a cancel go to that arena. Wheel
/// events go to the hit view's ``View/scrollWheel(_:)``, then up its ancestors until one handles
/// them. Keys go to ``firstResponder`` and its ancestors, then ``keyHandler``; Escape first cancels a
/// gesture in progress and asks ``escapeHandler`` (``send(_:)-(InputEvent)`` takes every kind of event). Collection views under
/// the pointer (or being dragged) get ``CollectionView/pointerLocationInWindow`` updated.
///
/// **Frame: the window is the one owner of time in the view hierarchy.** The app's frame loop (or
/// a scene, or a test) calls ``tick(at:dt:)`` once per frame, which runs, in this order:
/// 0. the ``steppers`` added with phase ``FrameStepperPhase/beforeTimeline``, by `dt`, in the
///    order they were added: controllers that act as input would (the exchange scene's reload
///    timer and edge auto-scroll), so what they start sees this frame's dt as an event's would;
/// 1. ``timeline``, advanced by `dt`: every ``PropertyAnimator`` made on it (the scenes' cards and
///    exchange snapshots, collection views' batch updates) updates its presentation values and
///    runs its completions;
/// 2. the gesture recognizers' timers (``arena``, to `time`: long press). They run after the
///    timeline so that an animator a timer starts (the exchange scene's catch blink) shows its
///    first frame at progress 0, as before the window owned the timeline (tests pin this);
/// 3. the other ``steppers`` (phase ``FrameStepperPhase/afterGestureTimers``), by `dt`, in the
///    order they were added: each ``ScrollView``'s scrolling physics (registered when the scroll
///    view is added to a view in this window), then, for a ``CollectionView``, its layout's
///    ``CollectionViewLayout/dynamicAnimator`` (registered right after its scroll view, so the
///    solver sees this frame's bounds change and this frame's gesture state), then any
///    controller a scene registered in this phase;
/// 4. ``View/update(_:)``, by `dt`, of the views that asked for it (``View/wantsFrameUpdates``),
///    in the order they asked (collection views ask for a relayout);
/// 5. layout (``View/layoutIfNeeded()``): collection views read fresh attributes from their layouts.
///
///
/// Event delivery lives in `Window+Events.swift`; this file holds the stored state, the
/// steppers, the frame tick and drawing.
/// ``makeDisplayList()`` draws presentation values. The window never reads a clock.
public final class Window {
    /// Creates a window `size` points large with an empty root view filling it.
    public init(size: Size) {
        rootView = View(frame: Rect(origin: .zero, size: size))
        rootView.hostingWindow = self
        arena.didRecognize = { [weak self] r in self?.recognizerDidRecognize(r) }
    }

    /// The root of the hierarchy; its coordinates are window coordinates (it sits at the origin).
    public let rootView: View

    /// The window's size in points; setting it resizes the root view.
    public var size: Size {
        get { rootView.bounds.size }
        set { rootView.frame = Rect(origin: .zero, size: newValue) }
    }

    /// Measures text for labels that wrap or truncate (``Label``). The app sets the backend's
    /// renderer, which measures with the real font; default the font-less estimate. Setting
    /// another lays out and draws every view again (text sizes may differ).
    public var textMeasurer: TextMeasuring = EstimatedTextMeasurer.shared {
        didSet { if textMeasurer !== oldValue { rootView.textMeasurerDidChange() } }
    }

    /// Colour the frame is cleared with. Default ``Color/background``.
    public var backgroundColor: Color = .background

    /// Arbitrates the recognizers of the current pointer sequence.
    public let arena = GestureArena()

    /// The clock of the property animators in this window (UIKit's display-link time), advanced by
    /// `dt` first in ``tick(at:dt:)``, before the recognizer timers and the ``steppers``. Make
    /// animators on it (`PropertyAnimator(…, timeline: window.timeline)`); nobody else advances it.
    public let timeline = AnimationTimeline()

    /// The objects advanced once per frame, in the order they run: those of phase
    /// ``FrameStepperPhase/beforeTimeline`` (first in the frame), then the others (after
    /// ``timeline`` and the recognizer timers, before the views), each phase in the order they
    /// were added (see the class documentation).
    public var steppers: [any FrameStepper] {
        earlySteppers.isEmpty ? lateSteppers : earlySteppers + lateSteppers
    }
    /// The steppers of phase ``FrameStepperPhase/beforeTimeline``.
    private var earlySteppers: [any FrameStepper] = []
    /// The steppers of phase ``FrameStepperPhase/afterGestureTimers``.
    private var lateSteppers: [any FrameStepper] = []

    /// Adds `stepper` to the end of its `phase` of ``steppers`` (default
    /// ``FrameStepperPhase/afterGestureTimers``; no effect when it is there already, in either
    /// phase). The window holds it strongly until ``removeStepper(_:)``.
    public func addStepper(_ stepper: any FrameStepper, phase: FrameStepperPhase = .afterGestureTimers) {
        guard !steppers.contains(where: { $0 === stepper }) else { return }
        switch phase {
        case .beforeTimeline: earlySteppers.append(stepper)
        case .afterGestureTimers: lateSteppers.append(stepper)
        }
    }

    /// The views whose ``View/update(_:)`` runs every frame (``View/wantsFrameUpdates``), in
    /// the order they joined; each is here while it is in this window's hierarchy.
    public private(set) var updatingViews: [View] = []

    func addUpdatingView(_ view: View) {
        if !updatingViews.contains(where: { $0 === view }) { updatingViews.append(view) }
    }

    func removeUpdatingView(_ view: View) { updatingViews.removeAll { $0 === view } }

    /// Removes `stepper` from ``steppers`` (no effect when it is not there).
    public func removeStepper(_ stepper: any FrameStepper) {
        earlySteppers.removeAll { $0 === stepper }
        lateSteppers.removeAll { $0 === stepper }
    }

    /// The view that receives key events first (weak); nil sends them straight to ``keyHandler``.
    public weak var firstResponder: View?
    /// Receives key events no view handled; returns whether it handled them.
    public var keyHandler: ((KeyEvent) -> Bool)?

    /// The latest pointer location (window points), or nil before any pointer event.
    public internal(set) var pointerLocation: Point?
    /// The time of the latest ``tick(at:)``, in seconds (nil before the first).
    public private(set) var currentTime: Double?

    // MARK: Stored state of the event delivery (Window+Events.swift)

    /// The collection views of the pointer sequence's hit chain (their pointer location follows it).
    var sequenceCollectionViews: [WeakView] = []
    /// The button that started the pointer sequence in progress.
    var sequenceButton: PointerButton = .left
    /// The view the pointer sequence began on, while it still receives the sequence (weak).
    weak var touchView: View?
    /// A collection view held weakly.
    struct WeakView { weak var view: CollectionView? }

    /// The one place for what Escape means beyond cancelling a gesture (a scene's own cancel):
    /// called on every Escape press (no modifiers) with whether the window just cancelled a gesture
    /// in progress and the key's time (seconds); returns whether it used the key. Default nil.
    public var escapeHandler: ((_ cancelledGesture: Bool, _ time: Double) -> Bool)?

    /// Advances the frame to `time` (seconds, the events' timebase) with the time since the previous
    /// tick as dt (0 on the first): see ``tick(at:dt:)``.
    public func tick(at time: Double) {
        tick(at: time, dt: currentTime.map { max(0, time - $0) } ?? 0)
    }

    /// Runs one frame: the ``FrameStepperPhase/beforeTimeline`` steppers and ``timeline`` by `dt`
    /// simulated seconds (negative or non-finite values count as 0), recognizer timers to `time`
    /// (the events' timebase), then the other ``steppers`` and the ``View/update(_:)`` of the views that
    /// asked for it (``updatingViews``) by `dt`, then layout (see the class documentation). `dt` may differ from the time that passed: the
    /// app's slow motion (dt scaled by 0.1) and pause (dt 0) slow the motion while gestures keep
    /// real time, as the simulator's slow animations do.
    public func tick(at time: Double, dt: Double) {
        currentTime = time
        let dt = dt.isFinite ? max(0, dt) : 0
        for stepper in earlySteppers { stepper.step(dt) }
        timeline.advance(by: dt)
        arena.tick(at: time)
        for stepper in lateSteppers { stepper.step(dt) }
        for view in updatingViews { view.update(dt) }
        rootView.layoutIfNeeded()
    }

    /// Whether the next frame may differ from the last one drawn, so a frame loop should tick and
    /// draw again; when false, nothing changes until an event arrives and the loop may wait for
    /// one. True before the first ``tick(at:dt:)`` and while any of these holds:
    /// - ``timeline`` has a running animator (including one waiting out its delay);
    /// - a recognizer waits for time (``GestureArena/nextTimerDeadline``: a pending long press,
    ///   a multi-tap timeout);
    /// - a stepper is not ``FrameStepper/isAtRest`` (scroll momentum or bounce, a layout's
    ///   dynamic animator with an awake body or an uncompiled change);
    /// - a view waits for layout, or a view with ``View/wantsFrameUpdates`` ``View/isAnimating``
    ///   (a collection view's batch update, whose animator also runs on ``timeline``).
    ///
    /// A pointer held still with nothing moving needs no frame: its next event will. Conservative
    /// by design: when unsure, a part says it needs a frame.
    public var needsFrame: Bool {
        currentTime == nil
            || timeline.hasRunningAnimators
            || arena.nextTimerDeadline != nil
            || earlySteppers.contains { !$0.isAtRest }
            || lateSteppers.contains { !$0.isAtRest }
            || rootView.subtreeNeedsLayout
            || updatingViews.contains { $0.isAnimating }
    }

    /// Draws the hierarchy into `list` in presentation values: each view's rounded-rect background
    /// (alpha multiplied down the hierarchy, transforms composed), labels as text, subviews clipped
    /// when ``View/clipsToBounds``, layers from ``View/zPosition``.
    public func draw(into list: inout DisplayList) { draw(into: &list, replaying: true) }

    /// ``draw(into:)``; `replaying` false works every view out afresh (see
    /// ``makeWalkedDisplayList()``).
    private func draw(into list: inout DisplayList, replaying: Bool) {
        rootView.layoutIfNeeded()
        list.background = backgroundColor
        rootView.render(into: &list, parent: View.DrawingContext(transform: .identity, alpha: 1, z: 0), replaying: replaying)
    }

    /// A new display list of the current frame (see ``draw(into:)``).
    public func makeDisplayList() -> DisplayList {
        var list = DisplayList()
        draw(into: &list)
        return list
    }

    /// The current frame's display list worked out view by view, without replaying retained
    /// subview drawing (``View/retainsSubviewDrawing``): what a replayed frame must equal.
    func makeWalkedDisplayList() -> DisplayList {
        var list = DisplayList()
        draw(into: &list, replaying: false)
        return list
    }
}
