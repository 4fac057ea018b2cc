import Geometry
import Gestures
import Views

/// The cards scene's gestures: a click (``CardsScene/cardTap``) opens, closes or, in refined,
/// turns a moving card back; the grab press holds a moving card (refined); the vertical pan
/// (``CardsScene/cardPan``) scrubs the expansion and picks the direction on release.
extension CardsScene: GestureRecognizerDelegate {
    /// Notes when the pointer goes down and up (and whether selection was allowed at the press),
    /// then sends the input to the window (``SceneHost/handle(_:)``).
    @discardableResult
    public func handle(_ input: InputEvent) -> Bool {
        if case .pointer(let e) = input {
            switch e.phase {
            case .down:
                pressTime = e.timestamp
                releaseTime = e.timestamp
                selectionAllowedAtPress = allowsCardSelection
            case .up:
                releaseTime = e.timestamp
            default:
                break
            }
        }
        return host.handle(input)
    }

    func tapped(_ r: GestureRecognizer) {
        guard r.state == .ended else { return }
        if variant == .seed {
            sourceClick(atWindowPoint: r.location(in: nil))
            return
        }
        guard let ip = collectionView.indexPathForItem(at: r.location(in: collectionView)) else { return }
        if let a = animator {
            // A click on the moving card turns it back (the release then resumes it); a press held
            // as long as a long press was a grab, whose release just resumes it.
            guard ip == layout.expandedIndexPath, releaseTime - pressTime < Self.grabHoldDuration else { return }
            a.isReversed.toggle()
        } else if layout.expandedIndexPath != nil {
            // An open card's body is not a tap target: its × button closes it (as does a
            // downward pan).
            if isOnCloseButton(windowPoint: r.location(in: nil)) { collapse() }
        } else {
            expand(ip)
        }
    }

    /// Grab (refined): a press on the moving card stops it where it is; the release (or a cancel)
    /// resumes an animator left paused once nothing holds it. The seed's source has no grab: only
    /// its pan pauses a moving card.
    func grabChanged(_ r: GestureRecognizer) {
        switch r.state {
        case .began:
            pointerHeld = true
            // A refined press holds the card itself, so its release moves on even a card a seed
            // scrub's cancel left paused (before Z).
            if variant == .refined { cancelledScrubPause = false }
            if variant == .refined, let a = animator, a.isRunning, let ip = card(atWindowPoint: r.location(in: nil)),
               ip == layout.expandedIndexPath {
                a.pauseAnimation()
            }
            if animator == nil, isOnCloseButton(windowPoint: r.location(in: nil)) { setClosePressed(true) }
        case .ended, .cancelled:
            pointerHeld = false
            setClosePressed(false)
            resumeIfReleased()
        default:
            break
        }
    }

    func panChanged(_ r: PanGestureRecognizer) {
        let ty = r.translation(in: collectionView).dy
        switch r.state {
        case .began:
            let start = r.location(in: collectionView) - r.translation(in: collectionView)
            guard let ip = collectionView.indexPathForItem(at: start) else { return }
            cancelledScrubPause = false
            if animator == nil {
                if variant == .seed {
                    // The source's pan begins with `toggle()`, then pauses what it started.
                    sourceToggle(ip)
                } else {
                    let opening = layout.expandedIndexPath == nil
                    _ = makeAnimator(for: ip, expanding: opening, animations: setExpansion(to: opening ? 1 : 0))
                }
            }
            guard let a = animator else { return }
            a.pauseAnimation()
            scrub = (a.fractionComplete, ty, animatorExpands != a.isReversed)
        case .changed:
            guard let a = animator, let s = scrub else { return }
            let opened = -(ty - s.translation) / scrubDistance
            a.fractionComplete = s.fraction + (s.opens ? opened : -opened)
        case .ended:
            guard let a = animator, scrub != nil else { return }
            scrub = nil
            let vy = r.velocity(in: collectionView).dy
            var open = isOpening
            let threshold = variant == .seed ? 0 : Self.flickVelocity
            if vy < -threshold { open = true } else if vy > threshold { open = false }
            if open != isOpening { a.isReversed.toggle() }
            a.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        case .cancelled:
            guard let a = animator, scrub != nil else { return }
            scrub = nil
            if variant == .seed {
                // The source's `default: ()`: the card stays where the scrub left it, paused.
                cancelledScrubPause = true
                return
            }
            a.isReversed = true   // back to where the animator started
            a.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        default:
            break
        }
    }

    /// The card pan begins only for mainly vertical motion (|v.y| > |v.x|) that started on a card
    /// (the open card, while one is open).
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard gestureRecognizer === cardPan else { return true }
        var v = cardPan.velocity(in: collectionView)
        if v.dx == 0 && v.dy == 0 { v = cardPan.translation(in: collectionView) }
        guard abs(v.dy) > abs(v.dx) else { return false }
        let start = cardPan.location(in: collectionView) - cardPan.translation(in: collectionView)
        guard let ip = collectionView.indexPathForItem(at: start) else { return false }
        return layout.expandedIndexPath == nil || ip == layout.expandedIndexPath
    }

    /// The grab press is recognized together with every other recognizer.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        gestureRecognizer === grabPress || other === grabPress
    }
}
