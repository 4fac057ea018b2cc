import Geometry
import Drawing

/// `--pointer`: where the pointer is, drawn into headless renders (a video has no cursor): a
/// ring, filled while a button is down, so a viewer sees where a press began and a drag went.
extension LabMoment {
    /// The marker's radius, points.
    static let pointerMarkerRadius = 10.0

    /// Appends the pointer marker at the last pointer position, if any, above the scenes and
    /// below the HUD.
    package func drawPointerMarker(into list: inout DisplayList) {
        guard let p = pointer else { return }
        let r = Self.pointerMarkerRadius, z = 950
        let ring = (0..<32).map { i -> Point in
            let a = Double(i) / 32 * 2 * .pi
            return Point(x: p.x + r * cos(a), y: p.y + r * sin(a))
        }
        if isPointerDown { list.append(.circle(center: p, radius: r, color: Color(white: 1, alpha: 0.45)), z: z) }
        // Dark under light: visible on the white seed grid and on the dark refined one.
        list.append(.stroke(points: ring, closed: true, width: 3.5, color: Color(white: 0, alpha: 0.55)), z: z)
        list.append(.stroke(points: ring, closed: true, width: 1.5, color: .white), z: z)
    }
}
