import Geometry

/// Several items that move as one rigid body (UIKit's `UIDynamicItemGroup`, iOS 9).
///
/// Give the group, not its members, to behaviors: gravity, a push or an attachment acts on the
/// whole, a collision behavior keeps the whole outline (the union of the members' outlines) out
/// of boundaries and other items. The animator makes the group one body — a compound body, as
/// Box2D's body of several fixtures — whose mass is the sum of the members' (area × density /
/// 10⁴, the group's ``DynamicItemBehavior`` density) and whose moment of inertia is the members'
/// summed about the group's centre, so the members hold their places exactly, never drifting as a
/// weld of attachments would.
///
/// The group's ``center`` is the members' centroid (their centres weighted by bounds area) and its
/// rotation starts at 0; setting either moves every member rigidly. As in UIKit, an item belongs
/// to at most one group, a group's member must not be given to a behavior by itself (the
/// animator refuses that with a precondition failure), and groups do not nest.
public final class DynamicItemGroup: DynamicItem {
    /// The members, in the order given.
    public let items: [any DynamicItem]
    /// Each member's centre relative to the group's centre in the group's frame, points.
    let offsets: [Vector]
    /// Each member's rotation relative to the group's, radians.
    let angles: [Double]
    private var storedCenter: Point
    private var storedTransform = AffineTransform.identity
    /// The members' bounding box about the centre (symmetric), as a size at the origin.
    public let bounds: Rect

    /// A group of `items` (at least one) where they are now.
    public init(items: [any DynamicItem]) {
        precondition(!items.isEmpty, "a DynamicItemGroup needs at least one item")
        precondition(!items.contains { $0 is DynamicItemGroup }, "DynamicItemGroups do not nest")
        self.items = items
        var sx = 0.0, sy = 0.0, total = 0.0
        for item in items {
            let a = Swift.max(abs(item.bounds.width * item.bounds.height), 1)
            sx += item.center.x * a; sy += item.center.y * a; total += a
        }
        let c = Point(x: sx / total, y: sy / total)
        storedCenter = c
        offsets = items.map { $0.center - c }
        angles = items.map { $0.transform.rotationAngle }
        var ex = 0.0, ey = 0.0
        for (item, o) in zip(items, offsets) {
            let t = item.transform, w = item.bounds.width / 2, h = item.bounds.height / 2
            ex = Swift.max(ex, abs(o.dx) + abs(t.a) * w + abs(t.c) * h)
            ey = Swift.max(ey, abs(o.dy) + abs(t.b) * w + abs(t.d) * h)
        }
        bounds = Rect(x: 0, y: 0, width: 2 * ex, height: 2 * ey)
    }

    /// The centroid of the members (points); setting it moves them all.
    public var center: Point {
        get { storedCenter }
        set { storedCenter = newValue; place() }
    }

    /// The group's rotation (and only that); setting it turns the members about ``center``.
    public var transform: AffineTransform {
        get { storedTransform }
        set { storedTransform = newValue; place() }
    }

    /// The union of the members' outlines; the animator reads the members, not this value.
    public var collisionBoundsType: DynamicItemCollisionBoundsType { .path }

    /// Puts every member where the group's centre and rotation say.
    private func place() {
        let angle = storedTransform.rotationAngle
        let c = cos(angle), s = sin(angle)
        for (k, item) in items.enumerated() {
            let o = offsets[k]
            item.center = Point(x: storedCenter.x + c * o.dx - s * o.dy, y: storedCenter.y + s * o.dx + c * o.dy)
            item.transform = AffineTransform(rotationAngle: angle + angles[k])
        }
    }
}
