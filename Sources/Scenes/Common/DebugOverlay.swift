import Geometry
import Drawing
import Dynamics

/// Turns a dynamic animator's debug geometry into draw commands (the `G` overlay): anchors as
/// dots, springs as lines coloured by tension (blue compressed, white at rest, red stretched),
/// velocities as green vectors (0.1 s of travel), boundaries and item bounds (rotated) in teal.
public enum DebugOverlay {
    /// Layer above the scene's cells, below the HUD.
    public static let z = 5_000

    /// Draws `animator`'s shapes; `origin` is where the animator's reference point (0, 0) sits in
    /// the window (a collection view's content origin), so shapes line up with the cells.
    public static func draw(animator: DynamicAnimator, origin: Point, into list: inout DisplayList) {
        let o = origin - Point.zero
        // Item bounds: each item's rectangle, turned by its rotation about its centre.
        for item in animator.items(in: .infinite) {
            let b = item.bounds, c = item.center + o
            let t = item.transform
            let corners = [Point(x: -b.width / 2, y: -b.height / 2), Point(x: b.width / 2, y: -b.height / 2),
                           Point(x: b.width / 2, y: b.height / 2), Point(x: -b.width / 2, y: b.height / 2)]
            list.append(.stroke(points: corners.map { c + (t.apply(to: $0) - Point.zero) - Vector(dx: t.tx, dy: t.ty) },
                                closed: true, width: 1, color: Color.teal.withAlpha(0.8)), z: z)
        }
        for shape in animator.debugShapes {
            switch shape {
            case let .anchor(p):
                list.append(.circle(center: p + o, radius: 3, color: .orange), z: z)
            case let .spring(a, b, stretch, rigid):
                list.append(.line(from: a + o, to: b + o, width: rigid ? 2 : 1.5, color: tension(stretch)), z: z)
            case let .boundarySegment(a, b):
                list.append(.line(from: a + o, to: b + o, width: 2, color: .teal), z: z)
            case let .boundaryPolygon(pts):
                list.append(.stroke(points: pts.map { $0 + o }, closed: true, width: 2, color: .teal), z: z)
            case let .ellipse(r):
                let c = r.center + o
                let pts = (0..<32).map { i -> Point in
                    let a = Double(i) / 32 * 2 * .pi
                    return Point(x: c.x + r.width / 2 * cos(a), y: c.y + r.height / 2 * sin(a))
                }
                list.append(.stroke(points: pts, closed: true, width: 1, color: .teal), z: z)
            case let .rectangle(r):
                list.append(.strokeRect(r.offset(by: o), width: 1, color: .teal), z: z)
            case let .vector(p, v):
                guard v.lengthSquared > 1 else { continue }
                let tip = p + o + v * 0.1
                list.append(.line(from: p + o, to: tip, width: 1.5, color: .green), z: z)
                list.append(.circle(center: tip, radius: 2, color: .green), z: z)
            }
        }
    }

    /// Blue for compression, white at rest, red for stretch; saturates at 30 pt.
    static func tension(_ stretch: Double) -> Color {
        let t = min(1, abs(stretch) / 30)
        return Color.white.mixed(with: stretch >= 0 ? .red : .blue, t)
    }

    /// Behaviors in a tree, children included.
    public static func countBehaviors(_ behaviors: [DynamicBehavior]) -> Int {
        behaviors.reduce(0) { $0 + 1 + countBehaviors($1.childBehaviors) }
    }
}
