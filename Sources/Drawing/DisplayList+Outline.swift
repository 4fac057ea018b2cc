import Geometry

/// Outlines of another drawing (issue 39): the ghost of a previous run, drawn over the run that
/// replaced it so that old and new motion can be judged in one picture.
extension DisplayList {
    /// Appends the filled shapes of `other` (layers flattened) as closed outlines `width` points
    /// wide in `color`, in layer `z`, each keeping its clip; a shape drawn at the same place in
    /// `same` (this frame's own drawing) is left out, so what both runs draw alike — backgrounds,
    /// grids, cells at rest — is not outlined. Text, strokes and shadows are left out.
    public mutating func appendOutlines(of other: DisplayList, except same: DisplayList, color: Color, width: Double, z: Int) {
        struct Placed: Hashable { let rect: Rect; let transform: AffineTransform }
        var drawn = Set<Placed>()
        for item in same.flattened.items { if case let .fill(r, _, _, _, t) = item.command { drawn.insert(Placed(rect: r, transform: t)) } }
        for item in other.flattened.items {
            guard case let .fill(r, _, _, alpha, t) = item.command, alpha > 0.05, !drawn.contains(Placed(rect: r, transform: t)) else { continue }
            // The transform applies about the rect's centre.
            let c = r.center, w = r.width / 2, h = r.height / 2
            let corners = [(-w, -h), (w, -h), (w, h), (-w, h)].map { x, y in
                let p = t.apply(to: Point(x: x, y: y))
                return Point(x: c.x + p.x, y: c.y + p.y)
            }
            appendItems(CollectionOfOne(Item(command: .stroke(points: corners, closed: true, width: width, color: color), z: z, clip: item.clip)))
        }
    }
}
