import Geometry
import Dynamics

/// The benchmarks' dynamic item: a square, 40 pt a side unless given, colliding as a rectangle
/// unless given. Like `LayoutAttributes` (the app's items), it keeps `center` and `transform` in
/// private storage, as ``DynamicItem`` recommends: with public stored properties, each write-back
/// would also pay Swift's runtime exclusivity check.
final class BenchItem: DynamicItem {
    private var storedCenter: Point
    private var storedTransform = AffineTransform.identity
    var center: Point {
        get { storedCenter }
        set { storedCenter = newValue }
    }
    let bounds: Rect
    var transform: AffineTransform {
        get { storedTransform }
        set { storedTransform = newValue }
    }
    let collisionBoundsType: DynamicItemCollisionBoundsType

    init(center: Point, side: Double = 40, collisionBoundsType: DynamicItemCollisionBoundsType = .rectangle) {
        storedCenter = center
        bounds = Rect(x: 0, y: 0, width: side, height: side)
        self.collisionBoundsType = collisionBoundsType
    }

    /// The benchmarks' checksum of `items`' positions: the sum of every centre's x + y (points),
    /// so the work cannot be optimised away and runs can be compared.
    static func checksum(_ items: [BenchItem]) -> Double {
        var sum = 0.0
        for item in items { sum += item.center.x + item.center.y }
        return sum
    }
}
