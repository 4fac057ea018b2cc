import Geometry
import Dynamics
import Views

/// The catalog's `APLPositionToBoundsMapping`: a dynamic item whose position is a view's size.
/// The animator reads and writes `center`; here `center.x` is the view's bounds width and
/// `center.y` its height, so a spring on the "position" makes the view grow and shrink in place.
///
/// The catalog passes the view's bounds through as the item's `bounds`; here they stay the size
/// the view had when the item was made (``bounds``), so the item's mass is fixed however far the
/// view grows. A size below zero is shown as zero.
final class PositionToBoundsMapping: DynamicItem {
    /// The view whose bounds the position drives.
    let target: View
    /// The item's own bounds (its mass), the target's size when the mapping was made.
    let bounds: Rect
    /// The position as last set, which may be negative where the view's size cannot.
    private var position: Point

    /// Maps `target`'s bounds size to the item's position.
    init(target: View) {
        self.target = target
        bounds = Rect(origin: .zero, size: target.bounds.size)
        position = Point(x: target.bounds.width, y: target.bounds.height)
    }

    /// (width, height) of the target's bounds; setting it resizes the target about its centre.
    var center: Point {
        get { position }
        set {
            position = newValue
            let w = newValue.x.isFinite ? max(0, newValue.x) : 0, h = newValue.y.isFinite ? max(0, newValue.y) : 0
            target.bounds = Rect(x: 0, y: 0, width: w, height: h)
        }
    }

    /// The target's transform, passed through.
    var transform: AffineTransform {
        get { target.transform }
        set { target.transform = newValue }
    }
}
