import Geometry

/// Supplies a ``CollectionView``'s items and cells (UIKit's `UICollectionViewDataSource`).
public protocol CollectionViewDataSource: AnyObject {
    /// The number of sections. Default 1.
    func numberOfSections(in collectionView: CollectionView) -> Int
    /// The number of items in `section`.
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// A configured cell for the item at `indexPath`; get it from
    /// ``CollectionView/dequeueReusableCell(withReuseIdentifier:for:)``.
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell
    /// A view for the supplementary element of `kind` (for example
    /// `FlowLayout.elementKindSectionHeader`) at `indexPath`, or nil to show nothing there.
    /// The collection view keeps it while the element is visible and positions it from the
    /// layout's attributes. Default nil.
    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> View?
}

extension CollectionViewDataSource {
    /// Default: one section.
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
    /// Default: no supplementary views.
    public func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> View? { nil }
}

/// Hears about selection and scrolling in a ``CollectionView`` (UIKit's
/// `UICollectionViewDelegate` with the `UIScrollViewDelegate` methods). Every method is optional.
public protocol CollectionViewDelegate: AnyObject {
    /// Whether a click may select the item at `indexPath`. Default true.
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    /// The item at `indexPath` was selected by a click.
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
    /// The item at `indexPath` was deselected by a click.
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
    /// The content offset changed.
    func collectionViewDidScroll(_ collectionView: CollectionView)
    /// The user started dragging the content.
    func collectionViewWillBeginDragging(_ collectionView: CollectionView)
    /// The user let go of the content; `decelerate` tells whether momentum or a bounce follows.
    func collectionViewDidEndDragging(_ collectionView: CollectionView, willDecelerate decelerate: Bool)
    /// Momentum, bounce or wheel smoothing came to rest.
    func collectionViewDidEndDecelerating(_ collectionView: CollectionView)
}

extension CollectionViewDelegate {
    /// Default: true.
    public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    /// Default: nothing.
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
    /// Default: nothing.
    public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
    /// Default: nothing.
    public func collectionViewDidScroll(_ collectionView: CollectionView) {}
    /// Default: nothing.
    public func collectionViewWillBeginDragging(_ collectionView: CollectionView) {}
    /// Default: nothing.
    public func collectionViewDidEndDragging(_ collectionView: CollectionView, willDecelerate decelerate: Bool) {}
    /// Default: nothing.
    public func collectionViewDidEndDecelerating(_ collectionView: CollectionView) {}
}
