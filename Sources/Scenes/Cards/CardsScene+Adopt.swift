/// The A/B compare's B taking over A's carousel when it opens (``Scene/adoptState(of:)``).
extension CardsScene {
    /// Takes over `other`'s scroll offset and momentum and its open card. A card animation
    /// running (or paused) there cannot be copied into a new animator mid-flight: this half
    /// takes the state it is heading to, as its completion would leave it (open, or back in the
    /// carousel when it was turned back), and shows it at rest.
    public func adoptState(of other: any Scene) {
        guard let a = other as? CardsScene, a !== self, animator == nil else { return }
        collectionView.adoptScrollingAndPointer(of: a.collectionView)
        let l = a.layout
        var values = (l.expansion.value, l.frameExpansion.value, l.neighbourShift.value)
        var state = a.sourceState, selectable = a.allowsCardSelection, scrolls = a.collectionView.isScrollEnabled
        if let running = a.animator {
            // Turned back, it returns to where it started: the carousel, or the open card.
            if running.isReversed { values = a.animatorExpands ? (0, 0, 0) : (1, 1, 1) }
            if !running.isReversed, l.expandedIndexPath != nil {
                // The source's completion at the end (``sourceAnimationsDidEnd(at:expanded:)``).
                state = state == .collapsed ? .expanded : .collapsed
                scrolls = !a.animatorExpands
                selectable = !a.animatorExpands
            }
        }
        let closed = values == (0, 0, 0)
        layout.expandedIndexPath = closed ? nil : l.expandedIndexPath
        layout.expansion.value = values.0
        layout.frameExpansion.value = values.1
        layout.neighbourShift.value = values.2
        if closed {
            // ``animatorDidFinish()`` with the card back in the carousel.
            state = .collapsed
            selectable = true
            scrolls = true
        } else if a.animator != nil, variant == .refined {
            scrolls = false
        }
        sourceState = state
        allowsCardSelection = selectable
        collectionView.isScrollEnabled = scrolls
        initialFrameExpansion = a.initialFrameExpansion
        layout.invalidateLayout()
        collectionView.setNeedsLayout()
    }
}
