import Geometry

/// An object that a ``DynamicAnimator`` can move (UIKit's `UIDynamicItem`).
///
/// The animator reads `center`, `bounds` and `transform` when the item joins it (and on
/// `updateItem(usingCurrentState:)`), and writes `center` and `transform` (rotation) after every step.
///
/// Performance: the animator sets `center` on every moving item after every step. In a class,
/// a settable stored property that other modules can reach costs a runtime exclusivity check on
/// each write (about 5 ns, as much as a fifth of a lone spring's whole step). Backing `center`
/// and `transform` with private stored properties behind a getter and setter, as
/// `LayoutAttributes` does, lets Swift prove the accesses never overlap and drop the check.
public protocol DynamicItem: AnyObject {
    /// Position of the item's centre, in the animator's reference coordinates (points).
    var center: Point { get set }
    /// The item's size as a rectangle centred on the origin or at the origin; only the size is used (points).
    var bounds: Rect { get }
    /// The item's transform; the animator reads and writes its rotation.
    var transform: AffineTransform { get set }
    /// The shape collisions use (UIKit's `collisionBoundsType`); `.rectangle` unless the item says otherwise.
    var collisionBoundsType: DynamicItemCollisionBoundsType { get }
    /// The outline collisions use when ``collisionBoundsType`` is `.path` (UIKit's
    /// `collisionBoundingPath`, a `UIBezierPath` there): the corners of a convex polygon in the
    /// item's own frame (points; (0, 0) is the item's centre; turns with the item), at least three,
    /// wound counter-clockwise as seen on screen (y down: top, then lower left, then lower right).
    /// The animator refuses (a precondition failure) a path that is not convex or is wound
    /// clockwise, as UIKit does. Empty unless the item says otherwise; ignored for other types.
    var collisionBoundingPath: [Point] { get }
}

/// The outline of an item for collisions (UIKit's `UIDynamicItemCollisionBoundsType`).
public enum DynamicItemCollisionBoundsType: Sendable, Hashable {
    /// The item's bounds rectangle, rotated with the item.
    case rectangle
    /// The ellipse inscribed in the item's bounds.
    case ellipse
    /// The convex polygon of the item's ``DynamicItem/collisionBoundingPath`` (iOS 9).
    case path
}

extension DynamicItem {
    /// Items collide as rectangles by default.
    public var collisionBoundsType: DynamicItemCollisionBoundsType { .rectangle }
    /// No path by default.
    public var collisionBoundingPath: [Point] { [] }
}
