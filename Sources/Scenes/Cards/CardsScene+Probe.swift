import Geometry
import Views

/// The cards scene's answers to a fuzzer's probe (``SceneProbing``): no animator left paused, or
/// alive at rest, but one a cancelled seed scrub left paused.
extension CardsScene {
    /// The scene's window.
    public var probedWindow: Window? { host.window }
    /// The carousel.
    public var probedCollectionView: CollectionView? { collectionView }

    /// A running card animation's duration, seconds (0 without one).
    public var extraRestTime: Double { animator?.duration ?? 0 }

    /// What tiles `area`'s width (250×350 cards), twice over for cards in flight, plus the open ones.
    public func cellBound(for area: Size) -> Int {
        let w = max(area.width, 1)
        return 2 * Int(saturating: w / 270 + 3) + min(cities.count, 3) + 4
    }

    /// No card animator at rest, none paused after the pointer went up.
    public func restProblem(resting: Bool, largestContent: Size) -> String? {
        // The one animator allowed to stay: a seed scrub that was cancelled leaves the card
        // paused where it was, as the source's `default: ()` does (a click, scrub or Escape
        // moves it on).
        if isPausedByCancelledScrub { return nil }
        if resting, let a = animator { return "at rest, a card animator still exists (\(a.state))" }
        if let a = animator, a.state == .active, !a.isRunning {
            return "after the pointer went up, the card animator is still paused (a grab or scrub that never ended)"
        }
        return nil
    }
}
