/// The A/B compare's B taking over A's line-up when it opens (``Scene/adoptState(of:)``).
extension ExchangeScene {
    /// Takes over `other`'s line-up as it stands (as it stood before a transaction still in
    /// progress there, whose catch this window never saw: B's own line-up, which starts from
    /// the last one finished), its focus ring and its scroll offset and momentum. Animations
    /// running there (an exchange, a snapshot's flight) are not taken over: this half shows
    /// their end.
    public func adoptState(of other: any Scene) {
        guard let a = other as? ExchangeScene, a !== self else { return }
        if !a.controller.isExchangeTransactionInProgress, a.model != model {
            model = a.model
            collectionView.reloadData()
        }
        focusedIndexPath = a.focusedIndexPath
        collectionView.adoptScrollingAndPointer(of: a.collectionView)
        collectionView.setNeedsLayout()
    }
}
