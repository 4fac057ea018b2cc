import Geometry

extension World {
    /// The per-body data of `item`, appending its convex pieces (a `.path` item's polygon, a
    /// group's members) to ``pieces`` and ``pieceVertices``. Refuses, with a precondition
    /// failure, a `collisionBoundingPath` that is not a convex polygon wound counter-clockwise.
    func bodyInfo(for item: any DynamicItem) -> BodyInfo {
        let size = item.bounds.size
        var info = BodyInfo(halfWidth: abs(size.width) / 2, halfHeight: abs(size.height) / 2, shape: .rectangle)
        if let group = item as? DynamicItemGroup {
            info.shape = .pieces
            info.pieceStart = pieces.count
            var area = 0.0, moment = 0.0
            for (k, member) in group.items.enumerated() {
                let a = Swift.max(abs(member.bounds.width * member.bounds.height), 1)
                let unit = appendPiece(of: member, offset: group.offsets[k], angle: group.angles[k])
                let o = group.offsets[k]
                area += a
                moment += a * (unit + o.dx * o.dx + o.dy * o.dy)
            }
            info.pieceCount = pieces.count - info.pieceStart
            info.area = area
            info.unitInertia = moment / area
            return info
        }
        info.area = Swift.max(abs(size.width * size.height), 1)
        let w2 = size.width * size.width, h2 = size.height * size.height
        switch item.collisionBoundsType {
        case .rectangle:
            info.unitInertia = (w2 + h2) / 12
        case .ellipse:
            info.shape = .ellipse
            info.unitInertia = (w2 + h2) / 16
        case .path:
            info.shape = .pieces
            info.pieceStart = pieces.count
            info.unitInertia = appendPiece(of: item, offset: .zero, angle: 0)
            info.pieceCount = 1
        }
        return info
    }

    /// Appends `item`'s outline as one piece placed at `offset` (points) and turned by `angle`
    /// (radians) in the body frame; returns its moment of inertia about its own centre per unit
    /// mass (points²).
    private func appendPiece(of item: any DynamicItem, offset o: Vector, angle: Double) -> Double {
        let hw = abs(item.bounds.width) / 2, hh = abs(item.bounds.height) / 2
        let c = cos(angle), s = sin(angle)
        var local: [Point]
        switch item.collisionBoundsType {
        case .ellipse:
            pieces.append(ConvexPiece(isEllipse: true, ox: o.dx, oy: o.dy, cosR: c, sinR: s, hw: hw, hh: hh))
            return (4 * hw * hw + 4 * hh * hh) / 16
        case .rectangle:
            // Counter-clockwise on screen: top left, bottom left, bottom right, top right.
            local = [Point(x: -hw, y: -hh), Point(x: -hw, y: hh), Point(x: hw, y: hh), Point(x: hw, y: -hh)]
        case .path:
            local = item.collisionBoundingPath
            precondition(CollisionOutline.isConvexCounterClockwise(local),
                         "collisionBoundingPath must be a convex polygon of 3 or more points wound counter-clockwise on screen (y down), as UIKit requires: \(local)")
        }
        let unit = CollisionOutline.polygonUnitInertia(local)
        let first = pieceVertices.count
        var mx = 0.0, my = 0.0
        for p in local {
            let q = Point(x: o.dx + c * p.x - s * p.y, y: o.dy + s * p.x + c * p.y)
            pieceVertices.append(q)
            mx += q.x; my += q.y
        }
        let n = Double(local.count)
        pieces.append(ConvexPiece(isEllipse: false, ox: mx / n, oy: my / n, first: first, count: local.count))
        return unit
    }

    /// Refuses (a precondition failure) a group member that is also a body of its own: UIKit
    /// forbids adding an item both alone and through a group.
    func checkGroupMembers() {
        for i in 0..<count {
            guard let group = items[i] as? DynamicItemGroup else { continue }
            for member in group.items {
                precondition(indexByItem[ObjectIdentifier(member)] == nil,
                             "an item of a DynamicItemGroup was also given to a behavior by itself")
            }
        }
    }
}
