import Geometry
import Drawing
import Dynamics
import Views

/// iOS 9's `UIFieldBehavior`: one field at a time over a circular region in the middle of the
/// stage, its kind named above it; `C` cycles the kind. A click throws five squares from the
/// click towards the region's centre at ``throwSpeed``, in a row across the throw: two charged
/// `+q`, two `−q` and one neutral (``Tunables/charge`` is `q`), each labelled with its charge, so
/// the electric and magnetic fields part them and the others move them alike.
///
/// Each kind's ``Tunables/strength`` 1 is scaled to something that shows on a stage
/// (``baseStrength(_:)``); the field's other parameters are its factory's. The squares weigh 1
/// (mass units: a 100 × 100 pt square of density 1), whatever their size. Nothing holds them in
/// the stage: after ``lifetime`` seconds a throw fades out and its squares are let go, so the demo
/// comes to rest whatever the field does to them (a vortex or a noise field never would).
final class FieldsDemo: DynamicsDemo {
    /// The field kinds in the order `C` cycles them, and their names.
    static let kinds: [(kind: FieldBehavior.Kind, name: String)] = [
        (.linearGravity, "linear gravity"), (.radialGravity, "radial gravity"), (.spring, "spring"), (.drag, "drag"),
        (.velocity, "velocity"), (.vortex, "vortex"), (.noise, "noise"), (.turbulence, "turbulence"),
        (.electric, "electric"), (.magnetic, "magnetic")]

    /// The field and the squares' charge.
    struct Tunables: SceneTunables, Equatable {
        /// The field's kind: an index into ``FieldsDemo/kinds`` (0, linear gravity).
        var kind = 0.0
        /// The field's strength, in units of the kind's ``FieldsDemo/baseStrength(_:)``.
        var strength = 1.0
        /// The field's falloff exponent: strength × (distance / 100 pt)^(−falloff) (0: uniform).
        var falloff = 0.0
        /// The region's radius, points.
        var radius = 250.0
        /// The charge magnitude `q` of the charged squares (mass 1).
        var charge = 1.0
        init() {}
        static var table: [Tunable<Tunables>] {
            [Tunable("kind", key: "c", range: 0...Double(FieldsDemo.kinds.count - 1), step: .cycle,
                     choices: FieldsDemo.kinds.map(\.name), \.kind),
             Tunable("strength", key: "t", range: -5...5, step: .add(0.1), \.strength),
             Tunable("falloff", key: "f", range: 0...3, step: .add(0.25), \.falloff),
             Tunable("radius", key: "a", unit: "pt", range: 20...2000, step: .add(25), \.radius),
             Tunable("charge", key: "u", range: 0...5, step: .add(0.25), \.charge)]
        }
    }

    static let name = "fields"
    static let instructions = "Fields (iOS 9): one field over the circle · click to throw charged squares through it · C: next field"
    static var gestures: [HelpLine] { [HelpLine("click", "throw five squares (+q, +q, 0, −q, −q) towards the field's centre")] }
    /// How fast a click throws the squares, points per second.
    static let throwSpeed = 500.0
    /// How long a throw lasts before it fades, seconds; then how long the fade takes.
    static let lifetime = 3.5, fadeTime = 0.5
    /// The squares' charges in units of `q`, in their order across the throw, and their labels.
    static let charges: [Double] = [1, 1, 0, -1, -1]
    /// The squares' names in `--dump`, in ``charges``' order.
    static let itemLabels = ["+q 1", "+q 2", "neutral", "−q 1", "−q 2"]

    /// The field's strength at ``Tunables/strength`` 1 for each kind, in ``Dynamics/FieldBehavior``'s
    /// units: gravity, vortex and electric 1 (1000 pt/s²), spring 0.1 (ω = 3.2 rad/s), drag 2 (1/s),
    /// velocity 300 (pt/s, to the right), noise 1, turbulence 4 (pt/s² per pt/s), magnetic 0.5
    /// (5 rad/s on charge 1).
    static func baseStrength(_ kind: FieldBehavior.Kind) -> Double {
        switch kind {
        case .spring: return 0.1
        case .drag: return 2
        case .velocity: return 300
        case .turbulence: return 4
        case .magnetic: return 0.5
        default: return 1
        }
    }

    private(set) var animator: DynamicAnimator
    /// The five squares, in ``charges``' order.
    let squares: [DemoSquare]
    /// The field acting now (a new one when the kind changes).
    private(set) var field: FieldBehavior
    /// One behavior per square: its charge, density (mass 1) and no resistance.
    private var materials: [DynamicItemBehavior] = []
    /// Seconds since the last throw, or nil when no throw is in the air.
    private(set) var age: Double?
    /// The fade's progress, 0…1, once the throw's lifetime is over; nil otherwise.
    private var fade: Double?
    private let stage: DemoStage
    /// The field's name over its region.
    private let title = Label()
    var tunables: Tunables { didSet { apply() } }

    init(stage: DemoStage, tunables: Tunables) {
        self.tunables = tunables
        self.stage = stage
        animator = DynamicAnimator(referenceBounds: stage.bounds)
        let side = min(50, max(24, (min(stage.size.width, stage.size.height) / 10).rounded()))
        squares = Self.charges.map { _ in DemoSquare(center: .zero, side: side) }
        for sq in squares {
            sq.label.fontSize = 13
            sq.isHidden = true
            stage.view.addSubview(sq)
        }
        field = FieldBehavior(kind: .linearGravity)
        title.fontSize = 15
        title.textColor = Color(white: 0.2)
        title.textAlignment = .center
        title.isUserInteractionEnabled = false
        stage.view.addSubview(title)
        apply()
        throwSquares(from: Point(x: side, y: (stage.size.height / 2).rounded()))
    }

    /// The region's centre: the stage's, points.
    var center: Point { Point(x: (stage.size.width / 2).rounded(), y: (stage.size.height / 2).rounded()) }
    /// The current kind and its name.
    var kind: (kind: FieldBehavior.Kind, name: String) { Self.kinds[min(max(Int(saturating: tunables.kind.rounded()), 0), Self.kinds.count - 1)] }

    /// A new field of the current kind with the tunables, over the squares in the air.
    private func makeField() -> FieldBehavior {
        let f = FieldBehavior(kind: kind.kind)
        f.position = center
        f.region = .circle(radius: tunables.radius)
        f.strength = tunables.strength * Self.baseStrength(kind.kind)
        f.falloff = tunables.falloff
        f.minimumRadius = 20
        switch kind.kind {
        case .linearGravity: f.direction = Vector(dx: 0, dy: 1)
        case .velocity: f.direction = Vector(dx: 1, dy: 0)
        case .noise, .turbulence: f.smoothness = 0.5; f.animationSpeed = 1
        default: break
        }
        if age != nil { for sq in squares { f.addItem(sq) } }
        return f
    }

    /// Applies the tunables: a new field when anything of it changed, the squares' charges and labels.
    private func apply() {
        animator.removeBehavior(field)
        field = makeField()
        if age != nil { animator.addBehavior(field) }
        for (i, m) in materials.enumerated() { m.charge = Self.charges[i] * tunables.charge }
        for (i, sq) in squares.enumerated() { sq.label.text = Self.label(Self.charges[i] * tunables.charge) }
        let r = min(tunables.radius, center.y - 10)
        title.frame = Rect(x: center.x - 100, y: max(6, center.y - r - 24), width: 200, height: 20)
        title.text = kind.name
    }

    /// A charge as a square's label: "+1", "−0.5", "0".
    static func label(_ q: Double) -> String {
        if q == 0 { return "0" }
        let text = q.rounded() == q ? String(Int(saturating: abs(q))) : String(abs(q))
        return (q > 0 ? "+" : "−") + text
    }

    /// Throws the squares from `point` (stage points) towards the field's centre (to the right if
    /// `point` is on it) at ``throwSpeed``, spaced across the throw, in a new animator.
    func throwSquares(from point: Point, velocity: Vector? = nil) {
        let toCenter = center - point
        let direction = toCenter.length > 1 ? toCenter.normalized : Vector(dx: 1, dy: 0)
        let v = velocity ?? direction * Self.throwSpeed
        let across = Vector(dx: -direction.dy, dy: direction.dx) * (squares[0].bounds.width + 10)
        animator.removeAllBehaviors()
        animator = DynamicAnimator(referenceBounds: stage.bounds)
        materials = []
        for (i, sq) in squares.enumerated() {
            sq.center = point + across * Double(i - 2)
            sq.transform = .identity
            sq.alpha = 1
            sq.isHidden = false
            let m = DynamicItemBehavior(items: [sq])
            m.density = pow(DemoSquare.side / sq.bounds.width, 2)
            m.charge = Self.charges[i] * tunables.charge
            m.addLinearVelocity(v, for: sq)
            materials.append(m)
            animator.addBehavior(m)
        }
        age = 0
        fade = nil
        apply()
    }

    /// A click throws the squares from where it landed.
    func click(at point: Point) { throwSquares(from: point) }

    /// Ages the throw; past ``lifetime`` (or with every square out of view) lets the squares go
    /// (an empty new animator) and fades them out.
    func advance(_ dt: Double) {
        if let f = fade {
            let next = min(1, f + dt / Self.fadeTime)
            for sq in squares { sq.alpha = 1 - next; sq.isHidden = next >= 1 }
            fade = next < 1 ? next : nil
            return
        }
        guard let a = age else { return }
        age = a + dt
        let margin = squares[0].bounds.width
        let gone = squares.allSatisfy { !stage.bounds.insetBy(dx: -margin, dy: -margin).contains($0.center) }
        guard a + dt >= Self.lifetime || gone else { return }
        animator.removeAllBehaviors()
        animator = DynamicAnimator(referenceBounds: stage.bounds)
        materials = []
        age = nil
        fade = 0
    }

    var isAtRest: Bool { age == nil && fade == nil && animator.isAtRest }

    var items: [DemoItem] {
        zip(Self.itemLabels, squares).map { DemoItem(label: $0, view: $1, item: $1) }
    }

    var decorations: [DemoDecoration] {
        [.region(center: center, radius: tunables.radius, color: DemoDecoration.arrowColor.withAlpha(0.6)),
         .dot(center, color: DemoDecoration.anchorColor)]
    }

    var statusNote: String? { kind.name }
}
