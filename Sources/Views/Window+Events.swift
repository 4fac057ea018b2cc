import Geometry
import Gestures

/// Event delivery: hit-testing, pointer sequences and their recognizers, wheel events, keys,
/// Escape and cancellation (see the class documentation of ``Window``).
extension Window {
    /// The front-most view under `point` (window coordinates), or nil.
    public func hitTest(_ point: Point) -> View? {
        rootView.hitTest(rootView.toSuperview(presentation: true).inverted().apply(to: point))
    }

    private func chain(from view: View?) -> [View] {
        var out: [View] = []
        var v = view
        while let c = v { out.append(c); v = c.superview }
        return out
    }

    private func notePointer(_ location: Point, over views: [View]) {
        pointerLocation = location
        for case let cv as CollectionView in views { cv.pointerLocationInWindow = location }
        for w in sequenceCollectionViews { w.view?.pointerLocationInWindow = location }
    }

    /// Delivers any input event and returns whether it was used:
    /// - pointer and wheel events go to ``send(_:)-(PointerEvent)`` and ``send(_:)-(ScrollEvent)``
    ///   and always count as used;
    /// - Escape (down, no modifiers) first cancels the pointer sequence if a gesture in it is in
    ///   progress (see ``cancelGestureInProgress(at:)``), then asks ``escapeHandler``; it is used when
    ///   either did something, otherwise it goes on like any other key;
    /// - keys go to the first responder chain, then ``keyHandler`` (``send(_:)-(KeyEvent)``);
    /// - focus loss cancels the pointer sequence (used);
    /// - the pointer leaving the window is not used by the window (returns `false`).
    @discardableResult
    public func send(_ event: InputEvent) -> Bool {
        switch event {
        case .pointer(let e):
            send(e)
            return true
        case .scroll(let e):
            send(e)
            return true
        case .key(let e):
            if e.phase == .down, e.key == "escape", e.modifiers.isEmpty {
                let cancelled = cancelGestureInProgress(at: e.timestamp)
                let handled = escapeHandler?(cancelled, e.timestamp) ?? false
                if cancelled || handled { return true }
            }
            return send(e)
        case .focusLost(let t):
            cancelPointerSequence(at: t)
            return true
        case .pointerExited:
            return false
        }
    }

    /// Cancels the pointer sequence if a gesture has claimed it (a recognizer of the sequence that
    /// ``GestureRecognizer/cancelsTouchesInView`` is `began` or `changed`), as Escape does; its
    /// recognizers see a `.cancelled` event. Returns whether it cancelled. A press no gesture has
    /// claimed yet, or one only followed by recognizers that leave the views their touches (a
    /// grab press), is left alone.
    @discardableResult
    public func cancelGestureInProgress(at time: Double) -> Bool {
        guard arena.isTracking,
              arena.participants.contains(where: { $0.state.isActive && $0.cancelsTouchesInView }) else { return false }
        cancelPointerSequence(at: time)
        return true
    }

    /// How far outside the window a pointer or wheel location may lie, points: farther ones are
    /// moved to this distance. A captured mouse reports places outside the window, but hardly
    /// any desktop reaches this far beside it; a script can say anything, and a drag to 10⁹ pt
    /// stores so much energy in its springs that the items orbit their anchors for hours
    /// (attachment springs damp only along their axes) instead of landing.
    public static let maximumPointerDistance = 8_192.0

    /// `p` moved to within ``maximumPointerDistance`` of the window (unchanged when it is that close).
    public func clampedLocation(_ p: Point) -> Point {
        let m = Window.maximumPointerDistance
        return Point(x: min(max(p.x, -m), size.width + m), y: min(max(p.y, -m), size.height + m))
    }

    /// Delivers a pointer event (window coordinates, seconds; see ``clampedLocation(_:)``). A
    /// sequence belongs to the button that started it: another button's down or up while it runs
    /// is ignored.
    public func send(_ event: PointerEvent) {
        var event = event
        event.location = clampedLocation(event.location)
        if arena.isTracking, event.phase == .down || event.phase == .up, event.button != sequenceButton { return }
        switch event.phase {
        case .down:
            sequenceButton = event.button
            let views = chain(from: hitTest(event.location))
            sequenceCollectionViews = views.compactMap { ($0 as? CollectionView).map { WeakView(view: $0) } }
            notePointer(event.location, over: views)
            if let v = touchView {   // a sequence whose end was lost: the arena cancels it too
                touchView = nil
                v.pointerCancelled(PointerEvent(.cancelled, location: event.location, timestamp: event.timestamp,
                                                button: event.button))
            }
            arena.begin(event, recognizers: views.flatMap(\.gestureRecognizers))
            // Unless a gesture claimed the press already, the view under it sees the sequence.
            let claimed = arena.participants.contains { $0.cancelsTouchesInView && ($0.state.isActive || $0.state == .ended) }
            if !claimed, let hit = views.first {
                touchView = hit
                hit.pointerBegan(event)
            }
        case .moved:
            let hover = arena.isTracking ? [] : chain(from: hitTest(event.location))
            notePointer(event.location, over: hover)
            arena.handle(event)
            if arena.isTracking { touchView?.pointerMoved(event) }
        case .up, .cancelled:
            notePointer(event.location, over: [])
            let wasTracking = arena.isTracking
            arena.handle(event)
            sequenceCollectionViews.removeAll()
            if wasTracking, let v = touchView {
                touchView = nil
                if event.phase == .up { v.pointerEnded(event) } else { v.pointerCancelled(event) }
            }
        }
    }

    /// ``GestureRecognizer/cancelsTouchesInView``: a recognizer that begins or recognizes during the
    /// sequence cancels it for the view it began on (which receives `pointerCancelled` now, and
    /// nothing more of the sequence), as UIKit does.
    func recognizerDidRecognize(_ r: GestureRecognizer) {
        guard r.cancelsTouchesInView, let v = touchView else { return }
        touchView = nil
        v.pointerCancelled(PointerEvent(.cancelled, location: r.locationInWindow, timestamp: r.currentTime,
                                        button: sequenceButton))
    }

    /// Delivers a wheel event to the view under it and up its ancestors until one handles it.
    /// Returns whether a view handled it.
    @discardableResult
    public func send(_ event: ScrollEvent) -> Bool {
        var event = event
        event.location = clampedLocation(event.location)
        let views = chain(from: hitTest(event.location))
        notePointer(event.location, over: views)
        for v in views where v.scrollWheel(event) { return true }
        return false
    }

    /// Delivers a key event to the first responder chain, then ``keyHandler``. Returns whether it was handled.
    @discardableResult
    public func send(_ event: KeyEvent) -> Bool {
        for v in chain(from: firstResponder) where v.keyEvent(event) { return true }
        return keyHandler?(event) ?? false
    }

    /// Cancels the pointer sequence in progress (focus loss, Escape) at `time` seconds: its
    /// recognizers see a `.cancelled` event.
    public func cancelPointerSequence(at time: Double) {
        let location = arena.participants.first?.locationInWindow ?? pointerLocation ?? .zero
        arena.cancel(at: time)
        sequenceCollectionViews.removeAll()
        if let v = touchView {
            touchView = nil
            v.pointerCancelled(PointerEvent(.cancelled, location: location, timestamp: time, button: sequenceButton))
        }
    }
}
