import Geometry
import Dynamics

extension JointsDemo {
    /// Collision behaviors under which every two of `items` collide except the pairs in `apart`
    /// (Box2D's `collideConnected = false`, b2JointDef in Box2D v3's `types.h`), each pair in
    /// exactly one behavior (a pair in two would be solved twice): a ``CollisionBehavior`` collides
    /// all its items with each other, so the pairs are split greedily into groups that hold no
    /// parted pair, then one behavior over all of them keeps them inside the stage's edges inset
    /// by `margin` points.
    static func collisions(_ items: [DemoSquare], apart: [(DemoSquare, DemoSquare)], margin: Double) -> [CollisionBehavior] {
        func key(_ a: Int, _ b: Int) -> Int { min(a, b) * items.count + max(a, b) }
        let parted = Set(apart.compactMap { p -> Int? in
            guard let a = items.firstIndex(where: { $0 === p.0 }), let b = items.firstIndex(where: { $0 === p.1 }) else { return nil }
            return key(a, b)
        })
        var left = Set(items.indices.flatMap { a in items.indices.filter { $0 > a }.map { key(a, $0) } }).subtracting(parted)
        var behaviors: [CollisionBehavior] = []
        for a in items.indices {
            for b in items.indices where b > a && left.contains(key(a, b)) {
                // Grow the group by every item still to collide with all of it.
                var group = [a, b]
                for c in items.indices where !group.contains(c) && group.allSatisfy({ left.contains(key($0, c)) }) { group.append(c) }
                for x in group { for y in group where y > x { left.remove(key(x, y)) } }
                let behavior = CollisionBehavior(items: group.map { items[$0] })
                behavior.collisionMode = .items
                behaviors.append(behavior)
            }
        }
        let edges = CollisionBehavior(items: items)
        edges.collisionMode = .boundaries
        edges.setTranslatesReferenceBoundsIntoBoundary(with: EdgeInsets(all: margin))
        return behaviors + [edges]
    }
}
