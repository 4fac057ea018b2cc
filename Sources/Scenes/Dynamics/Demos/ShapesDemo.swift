import Geometry
import Drawing
import Dynamics

/// iOS 9's collision bounds types (`UIDynamicItemCollisionBoundsType`): a rectangle
/// (`.rectangle`), a circle (`.ellipse`), a triangle and a hexagon (`.path`, each a convex
/// `collisionBoundingPath`) fall one above another, land on each other and on the stage's bottom
/// edge, tumble and pile up, each colliding and drawn with its own outline (``DemoShape``).
/// Drag any shape (a ``PointerAttachment`` from the grabbed point); a click drops them again.
/// Kinetic adds some resistance (``resistance``, ``angularResistance``) so a rolling circle comes to rest.
final class ShapesDemo: PointerDraggingDemo {
    /// Gravity and the shapes' material.
    struct Tunables: FallTunables, Equatable {
        /// Gravity's magnitude (1 = 1000 pt/s², down).
        var magnitude = 1.0
        /// Every shape's bounciness, 0…1.
        var elasticity = 0.3
        /// Every shape's Coulomb friction coefficient.
        var friction = 0.5
        init() {}
    }

    static let name = "shapes"
    static let instructions = "Collision bounds (iOS 9): a rectangle, a circle and two paths fall and pile up · drag a shape · click: again"
    static var gestures: [HelpLine] {
        [HelpLine("drag a shape", "pull it about; release: it falls"), HelpLine("click", "drop the shapes again")]
    }
    static var replaysOnClick: Bool { true }
    /// Linear and angular resistance of every shape, 1/s (UIKit's default is 0).
    static let resistance = 1.0, angularResistance = 2.0

    let animator: DynamicAnimator
    /// The rectangle, the circle, the triangle and the hexagon, top to bottom as they start.
    let shapes: [DemoShape]
    /// Gravity, the collision in the box and the material.
    let fall: BoxedFall
    let pointer = PointerAttachment()
    var tunables: Tunables { didSet { fall.apply(tunables) } }

    init(stage: DemoStage, tunables: Tunables) {
        self.tunables = tunables
        animator = DynamicAnimator(referenceBounds: stage.bounds)
        let w = stage.size.width, h = stage.size.height
        // The unit: 100 pt on a large stage, less where four shapes stacked would not fit.
        let s = min(100, max(20, min(w / 7, h / 6))).rounded()
        func at(_ dx: Double, _ k: Double) -> Point { Point(x: (w / 2 + dx * s).rounded(), y: (s * (0.8 + 1.15 * k)).rounded()) }
        let rectangle = DemoShape(center: at(-0.35, 0), size: Size(width: 1.4 * s, height: 0.7 * s), outline: .rectangle)
        rectangle.transform = AffineTransform(rotationAngle: 0.3)
        let circle = DemoShape(center: at(0.3, 1), size: Size(width: s, height: s), outline: .ellipse,
                               tint: Color(hex: 0xE8B86B))
        let t = 0.55 * s
        let triangle = DemoShape(center: at(-0.15, 2), size: Size(width: 2 * t, height: 1.7 * t),
                                 outline: .polygon([Point(x: 0, y: -0.85 * t), Point(x: -t, y: 0.85 * t), Point(x: t, y: 0.85 * t)]),
                                 tint: Color(hex: 0x9FD49A))
        let hexagon = DemoShape(center: at(0.4, 3), size: Size(width: 1.1 * s, height: 1.1 * s),
                                outline: .polygon(DemoShape.regularPolygon(sides: 6, radius: 0.55 * s)), tint: Color(hex: 0xD9A0C8))
        shapes = [rectangle, circle, triangle, hexagon]
        for v in shapes { stage.view.addSubview(v) }
        fall = BoxedFall(items: shapes, resistance: Self.resistance, angularResistance: Self.angularResistance, in: animator)
        fall.apply(tunables)
    }

    var items: [DemoItem] {
        zip(["rectangle", "circle", "triangle", "hexagon"], shapes).map { DemoItem(label: $0.0, view: $0.1, item: $0.1) }
    }

    /// Grabs the topmost shape under `point` (stage points); false off them.
    func beginDrag(at point: Point) -> Bool {
        guard let shape = shapes.last(where: { $0.contains(stagePoint: point) }) else { return false }
        pointer.begin(shape, offset: shape.offset(of: point), at: point, in: animator)
        return true
    }

    /// A pile of four with some bounce (or flung across the stage) takes a few seconds to still;
    /// on a tall stage they land fast and tumble for a while.
    var restAllowance: Double { 25 }
}
