import Geometry
import Drawing
import Animation
import Gestures
import Layout
import Views

/// The keyboard's focus ring (``ExchangeScene/focusedIndexPath``), drawn over the window: a yellow
/// rounded outline around the focused name, clipped to the list.
extension ExchangeScene {
    /// Draws the window, then the keyboard focus ring (a yellow rounded outline) if any.
    public func draw(into list: inout DisplayList) {
        host.window.draw(into: &list)
        guard let ip = focusedIndexPath, let f = layout.layoutAttributesForItem(at: ip)?.frame else { return }
        let ring = collectionView.convert(f, to: nil).insetBy(dx: -3, dy: -3)
        list.pushClip(collectionView.frame)
        list.append(.stroke(points: Self.roundedRect(ring, radius: 10), closed: true, width: 2, color: .yellow), z: 1000)
        list.popClip()
    }

    /// The outline of `r` with corners of `radius` as a closed polyline (four segments per corner).
    static func roundedRect(_ r: Rect, radius: Double) -> [Point] {
        let rad = min(radius, r.width / 2, r.height / 2)
        let corners = [(Point(x: r.maxX - rad, y: r.minY + rad), -Double.pi / 2),
                       (Point(x: r.maxX - rad, y: r.maxY - rad), 0),
                       (Point(x: r.minX + rad, y: r.maxY - rad), Double.pi / 2),
                       (Point(x: r.minX + rad, y: r.minY + rad), Double.pi)]
        var points: [Point] = []
        for (c, start) in corners {
            for k in 0...4 {
                let a = start + Double(k) * Double.pi / 8
                points.append(Point(x: c.x + rad * cos(a), y: c.y + rad * sin(a)))
            }
        }
        return points
    }
}
