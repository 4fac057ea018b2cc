import Geometry
import Dynamics

/// The benchmarks' dynamic item: a 40 × 40 pt box. Like `LayoutAttributes` (the app's items), it
/// keeps `center` and `transform` in private storage, as ``DynamicItem`` recommends: with public
/// stored properties, each write-back would also pay Swift's runtime exclusivity check.
final class BenchItem: DynamicItem {
    private var storedCenter: Point
    private var storedTransform = AffineTransform.identity
    var center: Point {
        get { storedCenter }
        set { storedCenter = newValue }
    }
    let bounds = Rect(x: 0, y: 0, width: 40, height: 40)
    var transform: AffineTransform {
        get { storedTransform }
        set { storedTransform = newValue }
    }
    init(center: Point) { storedCenter = center }
}
