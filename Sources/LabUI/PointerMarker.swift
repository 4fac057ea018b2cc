import Geometry
import Drawing

/// Where the pointer is (or was), drawn over the scenes: a ring, filled while a button is down,
/// so a viewer sees where a press began and a drag went. `--pointer` draws it into headless
/// renders (a video has no cursor); the overlay draws it in frames scrubbed to or replayed from
/// the log (``LabInterfaceModel/showsRecordedPointer``), where the user's own cursor is elsewhere.
public enum PointerMarker {
    /// The ring's radius, points.
    public static let radius = 10.0
    /// The depth it is drawn at: above the scenes, below the HUD and the overlay (``Overlay/z``).
    public static let z = 950

    /// Appends the marker at `location` (window points), filled when `pressed`, at depth `z`.
    public static func draw(at location: Point, pressed: Bool, into list: inout DisplayList, z: Int = PointerMarker.z) {
        let p = location, r = radius
        let ring = (0..<32).map { i -> Point in
            let a = Double(i) / 32 * 2 * .pi
            return Point(x: p.x + r * cos(a), y: p.y + r * sin(a))
        }
        if pressed { list.append(.circle(center: p, radius: r, color: Color(white: 1, alpha: 0.45)), z: z) }
        // Dark under light: visible on the white seed grid and on the dark refined one.
        list.append(.stroke(points: ring, closed: true, width: 3.5, color: Color(white: 0, alpha: 0.55)), z: z)
        list.append(.stroke(points: ring, closed: true, width: 1.5, color: .white), z: z)
    }
}
