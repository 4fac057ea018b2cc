import Geometry
import Dynamics

/// The catalog's "Item Properties": two squares fall side by side under gravity onto the stage's
/// bottom edge, each with its own `UIDynamicItemBehavior`; they differ only in elasticity (the
/// catalog's square 1 keeps the default 0 and thuds, square 2 has 0.5 and bounces). After a
/// bounce a square rises to elasticity² of the height it fell. A click drops both again (the
/// catalog's Replay button). Each square shows its elasticity. They collide with the stage's
/// edges only, not with each other: side by side they never meet, and on a stage too narrow for
/// two squares (one half of a compare) they fall through each other instead of piling up.
final class ItemPropertiesDemo: DynamicsDemo {
    /// Gravity and the squares' elasticities.
    struct Tunables: SceneTunables, Equatable {
        /// Gravity's magnitude (1 = 1000 pt/s², down).
        var magnitude = 1.0
        /// Square 1's elasticity, 0…1 (the catalog's: UIKit's default 0).
        var elasticity1 = 0.0
        /// Square 2's elasticity, 0…1 (the catalog's 0.5).
        var elasticity2 = 0.5
        init() {}
        static var table: [Tunable<Tunables>] {
            [Tunable("magnitude", key: "m", range: 0...10, step: .add(0.1), \.magnitude),
             Tunable("elasticity1", key: "y", range: 0...1, step: .add(0.05), \.elasticity1),
             Tunable("elasticity2", key: "u", range: 0...1, step: .add(0.05), \.elasticity2)]
        }
    }

    static let name = "properties"
    static let instructions = "Item properties: two squares of elasticity 0 and 0.5 fall side by side · click: again"
    static var gestures: [HelpLine] { [HelpLine("click", "drop both squares again")] }
    static var replaysOnClick: Bool { true }

    let animator: DynamicAnimator
    let squares: [DemoSquare]
    let gravity: GravityBehavior
    let properties: [DynamicItemBehavior]
    var tunables: Tunables { didSet { apply() } }

    init(stage: DemoStage, tunables: Tunables) {
        self.tunables = tunables
        animator = DynamicAnimator(referenceBounds: stage.bounds)
        let y = 60 + DemoSquare.side / 2
        // Inside the edges on a stage too narrow for the catalog's places (one half of a compare):
        // an item set into a boundary is pushed out at speed, and a frictionless square then
        // lands tilted and bounces from wall to wall.
        let inside = DemoSquare.side / 2 + 2
        squares = [0.28, 0.72].map { f in
            DemoSquare(center: Point(x: min(max((stage.size.width * f).rounded(), inside), stage.size.width - inside), y: y))
        }
        for s in squares { stage.view.addSubview(s) }
        gravity = GravityBehavior(items: squares)
        let collision = CollisionBehavior(items: squares)
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.collisionMode = .boundaries
        properties = squares.map { DynamicItemBehavior(items: [$0]) }
        for b in properties as [DynamicBehavior] + [gravity, collision] { animator.addBehavior(b) }
        apply()
    }

    private func apply() {
        gravity.magnitude = tunables.magnitude
        for (i, e) in [tunables.elasticity1, tunables.elasticity2].enumerated() {
            properties[i].elasticity = e
            squares[i].label.text = "e \(fixed(e, decimals: 2))"
        }
    }

    var items: [DemoItem] {
        squares.enumerated().map { DemoItem(label: "square \($0.offset + 1)", view: $0.element, item: $0.element) }
    }

    /// A square of elasticity 0.5 bounces for a few seconds before it rests.
    var restAllowance: Double { 5 }
}
