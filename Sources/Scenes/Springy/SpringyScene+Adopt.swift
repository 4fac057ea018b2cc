import Layout

/// The A/B compare's B taking over A's springy list when it opens (``Scene/adoptState(of:)``).
extension SpringyScene {
    /// Takes over `other`'s scroll offset and momentum, then its rows: each hanging row where it
    /// is in `other`, moving as fast, on a spring to the same place
    /// (``SpringyFlowLayout/adoptSprings(of:)``), and the settling watch.
    public func adoptState(of other: any Scene) {
        guard let a = other as? SpringyScene, a !== self else { return }
        collectionView.adoptScrollingAndPointer(of: a.collectionView)
        layout.adoptSprings(of: a.layout)
        settling = a.settling
        tracked = a.tracked.flatMap { t in layout.springs[t.0.indexPath].flatMap { s in (s.items.first as? LayoutAttributes).map { ($0, s) } } }
        collectionView.setNeedsLayout()
    }
}
