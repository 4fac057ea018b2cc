import Geometry

/// How a body's collision outline is stored. Most bodies are one rectangle or one ellipse, read
/// straight from ``BodyInfo/halfWidth`` and ``BodyInfo/halfHeight`` (the hot path); a `.path`
/// item and an ``DynamicItemGroup`` are a list of ``ConvexPiece``s in ``World/pieces``.
enum BodyShape: Equatable {
    /// The item's bounds, turning with it.
    case rectangle
    /// The ellipse inscribed in the item's bounds.
    case ellipse
    /// ``BodyInfo/pieceCount`` convex pieces from ``BodyInfo/pieceStart`` in ``World/pieces``.
    case pieces
}

/// One convex part of a body's outline, in the body's own frame (points, from its centre): an
/// ellipse, or a convex polygon whose corners live in ``World/pieceVertices``. A group's
/// rectangles are stored as four-corner polygons.
struct ConvexPiece {
    /// An ellipse of half-axes ``hw`` × ``hh`` centred at (``ox``, ``oy``), turned by the angle
    /// whose cosine and sine are ``cosR`` and ``sinR``; or a polygon.
    var isEllipse: Bool
    /// The piece's centre in the body frame, points (a polygon's: the mean of its corners).
    var ox: Double, oy: Double
    /// The ellipse's rotation relative to the body (cosine, sine).
    var cosR = 1.0, sinR = 0.0
    /// The ellipse's half-axes, points.
    var hw = 0.0, hh = 0.0
    /// The polygon's corners: `count` points from `first` in ``World/pieceVertices`` (body frame,
    /// counter-clockwise on screen).
    var first = 0, count = 0
}

/// Pure geometry of the outlines the animator accepts: checks and mass properties.
enum CollisionOutline {
    /// Separating axes an ellipse that is not a circle offers in item-to-item contacts: its
    /// normals every 180° / 48 = 3.75°, the sides of a circumscribed 96-gon, so it can be found
    /// touching up to r·(1 − cos 1.875°) ≈ 0.05 % of its radius r early. Circles are exact (their
    /// axes are the directions to the other piece's corners and centre).
    static let ellipseAxes = 48

    /// Twice the signed area of `points` (the shoelace sum), in points²: negative for a polygon
    /// wound counter-clockwise on screen (y down).
    static func doubleSignedArea(_ points: [Point]) -> Double {
        var sum = 0.0
        for k in points.indices {
            let p = points[k], q = points[(k + 1) % points.count]
            sum += p.x * q.y - q.x * p.y
        }
        return sum
    }

    /// Whether `points` is a convex polygon of positive area wound counter-clockwise on screen
    /// (UIKit's rule for `collisionBoundingPath`): every turn between consecutive edges bends
    /// the same way (straight runs allowed), and the winding goes once around.
    static func isConvexCounterClockwise(_ points: [Point]) -> Bool {
        guard points.count >= 3, doubleSignedArea(points) < 0 else { return false }
        var turning = 0.0
        for k in points.indices {
            let a = points[k], b = points[(k + 1) % points.count], c = points[(k + 2) % points.count]
            let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            if cross > 1e-9 * Swift.max(1, abs(doubleSignedArea(points))) { return false }
            turning += atan2(-cross, (b.x - a.x) * (c.x - b.x) + (b.y - a.y) * (c.y - b.y))
        }
        return abs(turning - 2 * .pi) < 1e-6
    }

    /// The polar moment of `points` (a convex polygon) about the origin per unit area, points²:
    /// its moment of inertia about the item's centre divided by its mass.
    static func polygonUnitInertia(_ points: [Point]) -> Double {
        var area = 0.0, moment = 0.0
        for k in points.indices {
            let p = points[k], q = points[(k + 1) % points.count]
            let cross = p.x * q.y - q.x * p.y
            area += cross
            moment += cross * (p.x * p.x + p.x * q.x + q.x * q.x + p.y * p.y + p.y * q.y + q.y * q.y)
        }
        guard area != 0 else { return 0 }
        return moment / (6 * area)
    }
}
