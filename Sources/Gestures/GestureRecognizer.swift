import Geometry

/// The base class of all gesture recognizers (UIKit's `UIGestureRecognizer`).
///
/// A recognizer is a state machine driven only by ``handle(_:)`` (pointer events, window
/// coordinates) and ``tick(at:)`` (time, in seconds); it never reads a clock. Every event first
/// advances the recognizer's time to the event's timestamp, so timers fire in order even when
/// no tick arrived in between.
///
/// Handlers: ``addTarget(_:)`` registers closures that run, as UIKit's target–actions do, on every
/// state change to `began`, `changed`, `ended` (recognized) and `cancelled`, never on `failed`.
/// Read ``state`` inside the closure to tell them apart.
///
/// Subclassing: override ``pointerDown(_:)``, ``pointerMoved(_:)``, ``pointerUp(_:)``,
/// ``pointerCancelled(_:)`` and ``timeDidAdvance(to:)``, set ``state`` to move on, and override
/// ``reset()`` (calling `super`) to clear your own tracking. Setting `state` goes through the
/// same checks as UIKit: leaving `possible` asks ``shouldBegin()`` (and the delegate), waits for
/// every recognizer named in ``require(toFail:)`` that is still `possible`, and lets an arena fail
/// competitors; invalid transitions (see ``GestureRecognizerState/canTransition(to:)``) are ignored.
///
/// A recognizer left alone (without a ``GestureArena``) resets itself from a terminal state when
/// the next pointer sequence begins.
open class GestureRecognizer {
    private var _state: GestureRecognizerState = .possible
    private var targets: [(id: Int, action: (GestureRecognizer) -> Void)] = []
    private var nextTargetID = 0
    /// States requested while waiting for failure requirements, replayed once they all fail.
    private var pendingStates: [GestureRecognizerState] = []
    private var failureRequirements: [WeakRecognizer] = []
    private var dependents: [WeakRecognizer] = []

    /// The arena coordinating this recognizer during the current sequence, if any.
    weak var arena: GestureArena?

    /// The pointer location of the latest event, in window coordinates (points).
    public private(set) var locationInWindow: Point = .zero
    /// The time of the latest event or tick, in seconds (−∞ before any input).
    public private(set) var currentTime: Double = -.infinity
    /// Whether the recognizer accepted a `.down` and has not been reset since.
    public private(set) var isTracking = false

    /// The time (seconds, the events' timebase) at which the recognizer will change state by
    /// itself if no event comes first: a long press's deadline, a multi-tap's timeout; nil when
    /// only events can move it. A frame loop that stops drawing when nothing changes keeps
    /// ticking (``GestureArena/tick(at:)``) while any recognizer of the arena has one
    /// (``GestureArena/nextTimerDeadline``). Default nil; subclasses with timers override it.
    open var timerDeadline: Double? { nil }

    /// The coordinate space (a view) this recognizer is attached to; set by whoever attaches it.
    /// Weak, as UIKit's `view` is.
    public weak var view: (any GestureCoordinateSpace)?

    /// The recognizer's delegate (weak).
    public weak var delegate: (any GestureRecognizerDelegate)?

    /// A name for debugging and logs. Default `nil`.
    public var name: String?

    /// Which buttons can start a sequence this recognizer follows. Default `[.left]`.
    public var allowedButtons: Set<PointerButton> = [.left]

    /// Whether the view that was hit should see its pointer sequence cancelled once this
    /// recognizer begins or recognizes (UIKit's `cancelsTouchesInView`): the window sends that view
    /// `pointerCancelled` and nothing more of the sequence, and Escape cancels a sequence such a
    /// recognizer has claimed. Set it to `false` for a recognizer that only observes the pointer
    /// (a grab press). Default `true`.
    public var cancelsTouchesInView = true

    /// Whether the recognizer takes input. Default `true`. Setting it to `false` while the gesture is
    /// `began`/`changed` moves it to `cancelled` (handlers run) and then resets it, as UIKit does;
    /// in any other state it simply resets.
    public var isEnabled = true {
        didSet {
            guard oldValue != isEnabled, !isEnabled else { return }
            if _state.isActive { apply(.cancelled) }
            reset()
        }
    }

    /// Creates a recognizer in `possible`, with no handler. Subclasses offer `init(action:)`
    /// taking a closure typed to the subclass.
    public init() {}

    // MARK: State

    /// The current state. Setting it requests a transition (see the class documentation): the
    /// result may be `failed` (delegate refused, a required-to-fail recognizer recognized, or a
    /// competitor already won), or still `possible` while failure requirements are pending.
    public var state: GestureRecognizerState {
        get { _state }
        set { request(newValue) }
    }

    /// Whether the recognizer may leave `possible`; by default asks the delegate
    /// (`gestureRecognizerShouldBegin`), else `true`. Subclasses may override (call `super`).
    open func shouldBegin() -> Bool {
        delegate?.gestureRecognizerShouldBegin(self) ?? true
    }

    /// Returns to `possible` and forgets the current sequence. Called automatically after a terminal
    /// state (by the arena at the end of the sequence, or at the next `.down`). Subclasses override
    /// to clear their own tracking and must call `super.reset()`.
    open func reset() {
        _state = .possible
        pendingStates.removeAll(keepingCapacity: true)
        isTracking = false
        notifyDependents()
    }

    /// Cancels the gesture, as UIKit does when the system cancels a recognizer's touches: a gesture
    /// in progress (`began`/`changed`) moves to `cancelled` and its handlers run once; one still
    /// `possible` that follows a pointer sequence (or waits for a ``require(toFail:)`` recognizer)
    /// moves to `failed` without calling handlers. Idle (`possible`, not tracking) and terminal
    /// recognizers are left as they are. The recognizer ignores the rest of the sequence and
    /// returns to `possible` when it is reset (by the arena when the sequence ends, or at the next
    /// `.down`). Unlike setting ``isEnabled`` to `false`, the recognizer stays enabled.
    public func cancel() {
        if _state.isActive {
            apply(.cancelled)
        } else if _state == .possible && (isTracking || !pendingStates.isEmpty) {
            pendingStates.removeAll()
            apply(.failed)
        }
    }

    /// Registers `action` to run on each change to `began`, `changed`, `ended` and `cancelled`.
    /// Returns a token for ``removeTarget(_:)``.
    @discardableResult
    public func addTarget(_ action: @escaping (GestureRecognizer) -> Void) -> Int {
        nextTargetID += 1
        targets.append((nextTargetID, action))
        return nextTargetID
    }

    /// Removes the handler registered under `token`.
    public func removeTarget(_ token: Int) {
        targets.removeAll { $0.id == token }
    }

    /// Makes this recognizer wait, before leaving `possible`, until `other` fails; if `other`
    /// recognizes (or begins), this recognizer fails. Only takes effect while `other` is tracking the
    /// same pointer sequence (a recognizer that never saw the `.down` is not waited for).
    public func require(toFail other: GestureRecognizer) {
        guard other !== self, !failureRequirements.contains(where: { $0.value === other }) else { return }
        failureRequirements.append(WeakRecognizer(other))
        other.dependents.append(WeakRecognizer(self))
    }

    /// Whether a requested `began`/`recognized` is waiting for a ``require(toFail:)`` recognizer.
    public var isWaitingForFailureRequirements: Bool { !pendingStates.isEmpty }

    /// The pointer location in `space`'s coordinates (points); `nil` gives window coordinates.
    public func location(in space: (any GestureCoordinateSpace)?) -> Point {
        space?.convertFromWindow(locationInWindow) ?? locationInWindow
    }

    // MARK: Input

    /// Feeds a pointer event (window coordinates). Ignored while disabled. A `.down` resets a
    /// terminal recognizer, then asks the delegate's `shouldReceive` and checks ``allowedButtons``;
    /// a refused sequence is ignored until the next `.down`.
    public final func handle(_ event: PointerEvent) {
        guard isEnabled else { return }
        // Time first, so timers due before this event (a multi-tap timeout, a long press) fire first.
        if event.phase == .down {
            tick(at: event.timestamp)
            if _state.isTerminal { reset() }
            // A `.down` in the middle of a multi-tap keeps tracking; a fresh one asks first.
            if !isTracking {
                guard allowedButtons.contains(event.button),
                      delegate?.gestureRecognizer(self, shouldReceive: event) ?? true
                else { return }
                isTracking = true
            }
        } else {
            guard isTracking, !_state.isTerminal else { return }
            tick(at: event.timestamp)
            guard isEnabled, isTracking, !_state.isTerminal else { return }
        }
        locationInWindow = event.location
        switch event.phase {
        case .down: pointerDown(event)
        case .moved: pointerMoved(event)
        case .up: pointerUp(event)
        case .cancelled: pointerCancelled(event)
        }
    }

    /// Advances the recognizer's clock to `time` (seconds); fires timers such as the long press's.
    /// Times earlier than the latest seen are ignored.
    public final func tick(at time: Double) {
        guard isEnabled, time >= currentTime else { return }
        currentTime = time
        guard isTracking, !_state.isTerminal else { return }
        timeDidAdvance(to: time)
    }

    /// Subclass hook receiving every pointer event and timer tick as one input, for recognizers
    /// written as a single transition function (tap, long press). The per-event hooks below call
    /// it by default. Default: a cancelled sequence gives `cancelled` if active, else `failed`.
    open func handleInput(_ input: GestureInput) {
        if case .pointer(let e) = input, e.phase == .cancelled { state = _state.isActive ? .cancelled : .failed }
    }
    /// Subclass hook: a pointer sequence began (location already stored). Default: ``handleInput(_:)``.
    open func pointerDown(_ event: PointerEvent) { handleInput(.pointer(event)) }
    /// Subclass hook: the pointer moved during the sequence. Default: ``handleInput(_:)``.
    open func pointerMoved(_ event: PointerEvent) { handleInput(.pointer(event)) }
    /// Subclass hook: the button was released. Default: ``handleInput(_:)``.
    open func pointerUp(_ event: PointerEvent) { handleInput(.pointer(event)) }
    /// Subclass hook: the sequence was cancelled. Default: ``handleInput(_:)``.
    open func pointerCancelled(_ event: PointerEvent) { handleInput(.pointer(event)) }
    /// Subclass hook: time advanced to `time` seconds while tracking. Default: ``handleInput(_:)``.
    open func timeDidAdvance(to time: Double) { handleInput(.tick(time)) }

    // MARK: Transitions

    private func request(_ next: GestureRecognizerState) {
        if next == .possible { if _state != .possible { reset() }; return }
        if _state == .possible {
            if !pendingStates.isEmpty {
                // Already waiting: coalesce changes, queue the end, turn a cancel into a failure.
                switch next {
                case .ended: pendingStates.append(.ended)
                case .cancelled, .failed: pendingStates.removeAll(); apply(.failed)
                default: break
                }
                return
            }
            guard _state.canTransition(to: next) else { return }
            if next == .failed { apply(.failed); return }
            if requirementRecognized { apply(.failed); return }
            if requirementPending { pendingStates = [next]; return }
            leavePossible(to: next)
            return
        }
        guard _state.canTransition(to: next) else { return }
        apply(next)
    }

    /// Leaves `possible` for `began`/`ended` after the delegate and the arena agree.
    private func leavePossible(to next: GestureRecognizerState) {
        guard shouldBegin(), arena?.canBegin(self) ?? true else { apply(.failed); return }
        apply(next)
        arena?.didBegin(self)
    }

    private func apply(_ next: GestureRecognizerState) {
        _state = next
        if next != .failed && next != .possible {
            for target in targets { target.action(self) }
        }
        notifyDependents()
    }

    private var requirementPending: Bool {
        failureRequirements.contains { ref in
            guard let r = ref.value else { return false }
            return r.isEnabled && r.isTracking && r._state == .possible
        }
    }

    private var requirementRecognized: Bool {
        failureRequirements.contains { ref in
            guard let r = ref.value else { return false }
            return r.isTracking && (r._state.isActive || r._state == .ended)
        }
    }

    private func notifyDependents() {
        dependents.removeAll { $0.value == nil }
        for ref in dependents { ref.value?.failureRequirementDidChange() }
    }

    /// A recognizer this one requires to fail changed state.
    private func failureRequirementDidChange() {
        guard _state == .possible, isTracking else { return }
        if requirementRecognized {
            pendingStates.removeAll()
            apply(.failed)
        } else if !pendingStates.isEmpty, !requirementPending {
            let queue = pendingStates
            pendingStates.removeAll()
            leavePossible(to: queue[0])
            for s in queue.dropFirst() where _state.canTransition(to: s) { apply(s) }
        }
    }

    /// Whether `self` and `other` may be recognized together (either delegate says so).
    public func canRecognizeSimultaneously(with other: GestureRecognizer) -> Bool {
        (delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) ?? false)
            || (other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) ?? false)
    }

    /// Fails the recognizer from `possible` (arena use); pending requests are dropped.
    func forceFail() {
        guard _state == .possible else { return }
        pendingStates.removeAll()
        apply(.failed)
    }
}

/// A weak reference to a recognizer, for dependency lists that must not create retain cycles.
struct WeakRecognizer {
    weak var value: GestureRecognizer?
    init(_ value: GestureRecognizer) { self.value = value }
}
