/// Coordinates the recognizers that share one pointer sequence, the part of UIKit's event system
/// that decides which gesture wins. The window owns one arena.
///
/// Use: on a `.down`, hit-test and call ``begin(_:recognizers:)`` with the hit view's recognizers
/// followed by its ancestors' (in that order; events are delivered in that order). Pass every
/// later `.moved`, `.up` and `.cancelled` to ``handle(_:)``, and call ``tick(at:)`` once a frame.
///
/// Rules:
/// - When a recognizer leaves `possible` (begins or is recognized), every other participant still
///   `possible` fails, unless the two may recognize simultaneously (either delegate's
///   `shouldRecognizeSimultaneouslyWith`). A recognizer cannot begin while a non-simultaneous
///   participant is already `began`/`changed`: it fails instead.
/// - ``GestureRecognizer/require(toFail:)`` holds a recognizer in `possible` until its requirement
///   fails (see ``GestureRecognizer``).
/// - When the sequence ends, terminal recognizers are reset; those still `possible` and tracking
///   (a double tap waiting for its second click, a tap waiting for a long press to fail) linger and
///   keep receiving ticks until they finish. A new `.down` that does not reach a lingering
///   recognizer fails it (a click elsewhere ends a multi-tap, a simplification of UIKit's timeout).
public final class GestureArena {
    /// The recognizers of the current (or last) pointer sequence, in delivery order.
    public private(set) var participants: [GestureRecognizer] = []
    /// Recognizers from earlier sequences still waiting for a timer or a requirement.
    public private(set) var lingering: [GestureRecognizer] = []
    /// Whether a pointer sequence is in progress (between `begin` and its `.up`/`.cancelled`).
    public private(set) var isTracking = false

    /// Creates an empty arena.
    public init() {}

    /// Called when a recognizer of the arena leaves `possible` by beginning or being recognized
    /// (after competitors failed). The window uses it to apply
    /// ``GestureRecognizer/cancelsTouchesInView``. Default nil.
    public var didRecognize: ((GestureRecognizer) -> Void)?

    /// The first participant that has begun or been recognized in this sequence, if any (for
    /// inspection and tests; the window learns of it through ``didRecognize``).
    public var winner: GestureRecognizer? {
        participants.first { $0.state.isActive || ($0.state == .ended && $0.isTracking) }
    }

    /// Starts a pointer sequence with a `.down` `event`, delivering it to `recognizers` (hit view
    /// first, then ancestors). Disabled recognizers are left out. Ends any sequence in progress
    /// with a cancel first.
    public func begin(_ event: PointerEvent, recognizers: [GestureRecognizer]) {
        if isTracking { handle(PointerEvent(.cancelled, location: event.location, timestamp: event.timestamp)) }
        tick(at: event.timestamp)
        for r in lingering where !recognizers.contains(where: { $0 === r }) {
            r.forceFail()
            r.reset()
            if r.arena === self { r.arena = nil }
        }
        lingering.removeAll { r in !recognizers.contains { $0 === r } }
        participants = recognizers.filter { $0.isEnabled }
        isTracking = true
        for r in participants { r.arena = self }
        for r in participants { r.handle(event) }
        // Refused by `shouldReceive` or the button filter: not part of this sequence.
        participants.removeAll { r in
            if r.isTracking { return false }
            if r.arena === self { r.arena = nil }
            return true
        }
    }

    /// Delivers a `.moved`, `.up` or `.cancelled` event to the participants. A `.down` should go to
    /// ``begin(_:recognizers:)``; passed here it starts a sequence with the current participants
    /// (none once a sequence has ended). Events outside a sequence (hover) are ignored.
    public func handle(_ event: PointerEvent) {
        if event.phase == .down { begin(event, recognizers: participants); return }
        guard isTracking else { return }
        for r in participants { r.handle(event) }
        if event.phase == .up || event.phase == .cancelled {
            isTracking = false
            settle()
        }
    }

    /// Advances every participant's and lingering recognizer's clock to `time` (seconds).
    public func tick(at time: Double) {
        for r in participants { r.tick(at: time) }
        for r in lingering { r.tick(at: time) }
        if !isTracking { settle() }
    }

    /// The earliest ``GestureRecognizer/timerDeadline`` of the participants and lingering
    /// recognizers (seconds), or nil when no recognizer waits for time: while it is not nil the
    /// arena needs ``tick(at:)`` calls even if no event arrives (a pending long press).
    public var nextTimerDeadline: Double? {
        var earliest: Double?
        for r in participants + lingering {
            if let d = r.timerDeadline { earliest = min(earliest ?? d, d) }
        }
        return earliest
    }

    /// Cancels the sequence in progress (focus loss, Escape) at `time` seconds.
    public func cancel(at time: Double) {
        guard isTracking, let last = participants.first?.locationInWindow else { isTracking = false; return }
        handle(PointerEvent(.cancelled, location: last, timestamp: time))
    }

    /// Resets finished recognizers; keeps unfinished ones lingering.
    private func settle() {
        for r in participants where !lingering.contains(where: { $0 === r }) { lingering.append(r) }
        participants.removeAll()
        lingering.removeAll { r in
            if r.state.isTerminal || !r.isTracking {
                r.reset()
                if r.arena === self { r.arena = nil }
                return true
            }
            return false
        }
    }

    // MARK: Arbitration (called by GestureRecognizer)

    func canBegin(_ r: GestureRecognizer) -> Bool {
        !(participants + lingering).contains { other in
            other !== r && other.state.isActive && !r.canRecognizeSimultaneously(with: other)
        }
    }

    func didBegin(_ r: GestureRecognizer) {
        for other in participants + lingering where other !== r && other.state == .possible && other.isTracking {
            if !r.canRecognizeSimultaneously(with: other) { other.forceFail() }
        }
        didRecognize?(r)
    }
}
