import Geometry

/// What a layout may read from the collection view it lays out (the parts of `UICollectionView`
/// that layouts use). `Views.CollectionView` conforms; tests can supply their own.
///
/// The Layout module sits below Views, so a layout sees its collection view through this protocol:
/// `collectionView!.bounds`, `collectionView!.numberOfItems(inSection: 0)` and so on read as in UIKit.
public protocol CollectionViewLayoutContext: AnyObject {
    /// The visible rectangle in content coordinates (points): origin = ``contentOffset``, size = the view's size.
    var bounds: Rect { get }
    /// The scroll position: the content point shown at the view's top-left corner (points).
    var contentOffset: Point { get }
    /// The number of sections, from the data source.
    var numberOfSections: Int { get }
    /// The number of items in `section`, from the data source.
    func numberOfItems(inSection section: Int) -> Int
    /// Where the pointer is, in content coordinates (points), while it is over the view, dragging
    /// the content or turning the wheel; nil when unknown. Layouts use it the way UIKit layouts use
    /// `panGestureRecognizer.location(in: collectionView)`.
    var pointerLocation: Point? { get }
}
