import Geometry
import Drawing
import Dynamics

/// iOS 9's item group (`UIDynamicItemGroup`): three squares in an L move as one rigid body. The
/// group falls under gravity beside two loose squares, lands on them and knocks them about; every behavior names the group, not its squares, and the squares never shift
/// against each other (Kinetic makes the group one compound body). Drag the L by any of its
/// squares, or a loose square; a click drops everything again.
final class GroupDemo: PointerDraggingDemo {
    /// Gravity and the material.
    struct Tunables: FallTunables, Equatable {
        /// Gravity's magnitude (1 = 1000 pt/s², down).
        var magnitude = 1.0
        /// The bounciness of the group and the squares, 0…1.
        var elasticity = 0.2
        /// Their Coulomb friction coefficient.
        var friction = 0.5
        init() {}
    }

    static let name = "group"
    static let instructions = "Item group (iOS 9): three squares in an L fall as one body · drag the L or a square · click: again"
    static var gestures: [HelpLine] {
        [HelpLine("drag the L or a square", "pull it about; release: it falls"), HelpLine("click", "drop everything again")]
    }
    static var replaysOnClick: Bool { true }
    /// Linear and angular resistance of the group and the squares, 1/s (UIKit's default is 0).
    static let resistance = 1.0, angularResistance = 2.0

    let animator: DynamicAnimator
    /// The L's squares: two side by side on top, one under the left.
    let members: [DemoSquare]
    /// The loose squares.
    let loose: [DemoSquare]
    /// The L as one item.
    let group: DynamicItemGroup
    /// Gravity, the collision in the box and the material.
    let fall: BoxedFall
    let pointer = PointerAttachment()
    var tunables: Tunables { didSet { fall.apply(tunables) } }

    init(stage: DemoStage, tunables: Tunables) {
        self.tunables = tunables
        animator = DynamicAnimator(referenceBounds: stage.bounds)
        let w = stage.size.width, h = stage.size.height
        let s = min(70, max(20, min(w / 7, h / 7))).rounded()
        let x0 = (w / 2 - s * 0.75).rounded(), y0 = (1.2 * s).rounded()
        members = [Point(x: x0, y: y0), Point(x: x0 + s, y: y0), Point(x: x0, y: y0 + s)].map {
            DemoSquare(center: $0, side: s)
        }
        for m in members { m.tint = Color(hex: 0xE8B86B) }
        // The loose squares stand under the L's arms, so the L lands on them and tips.
        loose = [Point(x: x0 + 1.1 * s, y: h - 0.5 * s - 1), Point(x: min(w - 0.5 * s, x0 + 2.4 * s), y: h - 0.5 * s - 1)].map {
            DemoSquare(center: Point(x: $0.x.rounded(), y: $0.y.rounded()), side: (0.8 * s).rounded())
        }
        for v in members + loose { stage.view.addSubview(v) }
        group = DynamicItemGroup(items: members)
        let bodies: [any DynamicItem] = [group] + loose
        fall = BoxedFall(items: bodies, resistance: Self.resistance, angularResistance: Self.angularResistance, in: animator)
        fall.apply(tunables)
    }

    var items: [DemoItem] {
        members.enumerated().map { DemoItem(label: "L square \($0.offset + 1)", view: $0.element, item: $0.element) }
            + loose.enumerated().map { DemoItem(label: "square \($0.offset + 1)", view: $0.element, item: $0.element) }
    }

    /// Grabs the L (by any of its squares) or a loose square under `point` (stage points).
    func beginDrag(at point: Point) -> Bool {
        if members.contains(where: { $0.contains(stagePoint: point) }) {
            let offset = (point - group.center).applying(AffineTransform(rotationAngle: -group.transform.rotationAngle))
            pointer.begin(group, offset: offset, at: point, in: animator)
            return true
        }
        guard let square = loose.first(where: { $0.contains(stagePoint: point) }) else { return false }
        pointer.begin(square, offset: square.offset(of: point), at: point, in: animator)
        return true
    }

    /// The L and two squares tumbling (or flung across the stage) take a few seconds to still.
    var restAllowance: Double { 10 }
}
