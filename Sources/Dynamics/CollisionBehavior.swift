import Geometry

/// What a ``CollisionBehavior``'s items collide with (UIKit's `UICollisionBehavior.Mode`).
public struct CollisionMode: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates a mode from bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Items collide with each other.
    public static let items = CollisionMode(rawValue: 1)
    /// Items collide with the boundaries.
    public static let boundaries = CollisionMode(rawValue: 2)
    /// Both (the default).
    public static let everything: CollisionMode = [.items, .boundaries]
}

/// Contact notifications (UIKit's `UICollisionBehaviorDelegate`); every method is optional.
/// Boundary identifiers are nil for the reference-bounds boundary.
public protocol CollisionBehaviorDelegate: AnyObject {
    /// Two items started touching at `point`.
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem,
                           with item2: any DynamicItem, at point: Point)
    /// Two items stopped touching.
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem, with item2: any DynamicItem)
    /// An item started touching a boundary at `point`.
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
                           withBoundaryIdentifier identifier: AnyHashable?, at point: Point)
    /// An item stopped touching a boundary.
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
                           withBoundaryIdentifier identifier: AnyHashable?)
}

extension CollisionBehaviorDelegate {
    /// Does nothing.
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem,
                                  with item2: any DynamicItem, at point: Point) {}
    /// Does nothing.
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem, with item2: any DynamicItem) {}
    /// Does nothing.
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
                                  withBoundaryIdentifier identifier: AnyHashable?, at point: Point) {}
    /// Does nothing.
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
                                  withBoundaryIdentifier identifier: AnyHashable?) {}
}

/// Keeps items from overlapping each other and boundaries (UIKit's `UICollisionBehavior`).
///
/// Items collide with their ``DynamicItemCollisionBoundsType`` outline (rotated rectangle,
/// ellipse, or convex `collisionBoundingPath`; a ``DynamicItemGroup`` with the union of its
/// members'). Item pairs are found by a sweep along x and tested by separating axes (exact for
/// polygons, rectangles and circles; a non-circular ellipse offers its normals every 3.75°, see
/// ``CollisionOutline/ellipseAxes``)). Contacts are resolved after every substep by moving
/// items out of overlap and removing the approaching velocity at the contact point (times 1 +
/// elasticity, with Coulomb friction), so a resting item never sinks more than one substep's
/// fall; boundary segments are swept against the previous substep, so fast items do not tunnel.
/// The contact point is the middle of the touching edges (corners within 1 pt of the deepest
/// count as one edge), so an item landing on a corner turns, and one resting flat does not.
public final class CollisionBehavior: ItemListBehavior {
    /// What the items collide with (default `.everything`).
    public var collisionMode: CollisionMode = .everything { didSet { setNeedsRebuild() } }
    /// Receives contact began / ended events. Contacts are tracked only while some collision
    /// behavior has a delegate, so one set while items already touch hears those contacts begin
    /// at its first step.
    public weak var collisionDelegate: CollisionBehaviorDelegate?
    /// Whether the animator's reference bounds act as a boundary (default false).
    public var translatesReferenceBoundsIntoBoundary = false { didSet { setNeedsRebuild() } }
    /// Insets of the reference-bounds boundary (points; default zero).
    public private(set) var referenceBoundsInsets = EdgeInsets.zero

    private var boundaries: [(id: AnyHashable, points: [Point], closed: Bool)] = []

    /// Creates a collision behavior for `items`.
    public override init(items: [any DynamicItem] = []) {
        super.init(items: items)
    }


    /// Turns the reference bounds, inset by `insets` (points), into a boundary.
    public func setTranslatesReferenceBoundsIntoBoundary(with insets: EdgeInsets) {
        referenceBoundsInsets = insets
        translatesReferenceBoundsIntoBoundary = true
    }

    /// Adds (or replaces) a straight boundary from `p1` to `p2` (points).
    public func addBoundary(withIdentifier identifier: AnyHashable, from p1: Point, to p2: Point) {
        removeBoundary(withIdentifier: identifier)
        boundaries.append((identifier, [p1, p2], false))
        setNeedsRebuild()
    }

    /// Adds (or replaces) a closed convex polygon boundary through `points` (Swift-native stand-in
    /// for UIKit's `UIBezierPath`). Items collide with its edges.
    public func addBoundary(withIdentifier identifier: AnyHashable, for points: [Point]) {
        removeBoundary(withIdentifier: identifier)
        boundaries.append((identifier, points, true))
        setNeedsRebuild()
    }

    /// The points of the boundary named `identifier`, if any.
    public func boundary(withIdentifier identifier: AnyHashable) -> [Point]? {
        boundaries.first { $0.id == identifier }?.points
    }

    /// Removes the boundary named `identifier`.
    public func removeBoundary(withIdentifier identifier: AnyHashable) {
        boundaries.removeAll { $0.id == identifier }
        setNeedsRebuild()
    }

    /// Removes every boundary added by identifier (not the reference bounds).
    public func removeAllBoundaries() {
        boundaries.removeAll()
        setNeedsRebuild()
    }

    /// Identifiers of the boundaries added by identifier.
    public var boundaryIdentifiers: [AnyHashable] { boundaries.map(\.id) }

    override var solverItems: [any DynamicItem] { items }

    /// The reference rectangle after insets, if it is a boundary.
    var referenceRect: Rect? {
        guard translatesReferenceBoundsIntoBoundary, let r = dynamicAnimator?.referenceBounds else { return nil }
        return r.inset(by: referenceBoundsInsets)
    }

    override func compile(into solver: SolverContext) {
        var segments: [BoundarySegment] = []
        var identifiers: [AnyHashable?] = []
        if let r = referenceRect {
            identifiers.append(nil)
            let walls: [(Double, Double, Double, Double)] = [
                (r.minX, r.minY, 1, 0), (r.maxX, r.minY, -1, 0), (r.minX, r.minY, 0, 1), (r.minX, r.maxY, 0, -1),
            ]
            for (x, y, nx, ny) in walls {
                segments.append(BoundarySegment(isHalfPlane: true, ax: x, ay: y, bx: x, by: y, nx: nx, ny: ny, tag: 0))
            }
        }
        for b in boundaries {
            identifiers.append(b.id)
            let tag = identifiers.count - 1
            let pts = b.points
            let edges = b.closed ? pts.count : pts.count - 1
            guard edges > 0 else { continue }
            for e in 0..<edges {
                let p = pts[e], q = pts[(e + 1) % pts.count]
                let d = q - p
                let len = d.length
                guard len > 0 else { continue }
                segments.append(BoundarySegment(isHalfPlane: false, ax: p.x, ay: p.y, bx: q.x, by: q.y,
                                                nx: -d.dy / len, ny: d.dx / len, tag: tag))
            }
        }
        let bodies = items.compactMap { solver.lookup($0) }
        solver.addCollisionGroup(CollisionGroup(bodies: bodies, collidesItems: collisionMode.contains(.items),
                                                collidesBoundaries: collisionMode.contains(.boundaries),
                                                segments: segments, identifiers: identifiers, behavior: self))
    }

    /// The boundaries.
    public override var debugShapes: [DebugShape] {
        var shapes: [DebugShape] = []
        if let r = referenceRect { shapes.append(.rectangle(r)) }
        for b in boundaries {
            if b.closed { shapes.append(.boundaryPolygon(b.points)) }
            else if b.points.count == 2 { shapes.append(.boundarySegment(from: b.points[0], to: b.points[1])) }
        }
        for item in items where item.collisionBoundsType == .ellipse {
            shapes.append(.ellipse(Rect(center: item.center, size: item.bounds.size)))
        }
        return shapes
    }
}
