import Geometry
import Drawing
import Dynamics
import Views

/// iOS 9's attachment kinds side by side under gravity, each labelled, inside the stage's edges
/// (inset by ``margin``). Every square collides with every other, its joint's partner included:
/// UIKit collides all the items of one collision behavior, attached or not (it has no Box2D
/// `collideConnected` switch; issue 43). The joints' geometry leaves the partners touching but
/// not overlapping: the welded pair edge to edge, the pinned pair corner to corner, so contact and
/// joint agree. So a dragged or flung square pushes the others, and nothing comes to rest hidden
/// behind another.
///
/// - **sliding**: a square slides without turning along a drawn axis 20° off the vertical from
///   its anchor (`slidingAttachment(with:attachmentAnchor:axisOfTranslation:)`), its
///   ``Dynamics/AttachmentBehavior/attachmentRange`` `0…range` marked at the axis' ends; gravity
///   takes it to the far stop.
/// - **fixed**: two squares welded edge to edge (`fixedAttachment`): they move and turn as one.
/// - **pin**: two squares pinned at a shared corner (`pinAttachment`): each turns about it, at
///   most a quarter turn from where they start, when their edges meet.
/// - **limit**: two squares on a rope between their top edges (`limitAttachment`), at most
///   ``Tunables/length`` apart: drawn straight when taut, sagging when slack.
///
/// Drag any square (a ``PointerAttachment`` from the grabbed point, as the catalog drags). Kinetic
/// adds ``resistance`` (linear and angular) so everything comes to rest on the floor.
final class JointsDemo: PointerDraggingDemo {
    /// Gravity and the two attachments whose size is a choice.
    struct Tunables: SceneTunables, Equatable {
        /// Gravity's magnitude (1 = 1000 pt/s², down).
        var magnitude = 1.0
        /// The limit attachment's rope length, points.
        var length = 150.0
        /// The sliding attachment's range: how far along its axis from the anchor the square may go,
        /// points (shortened to what the stage's height allows).
        var range = 250.0
        init() {}
        static var table: [Tunable<Tunables>] {
            [Tunable("magnitude", key: "m", range: 0...10, step: .add(0.1), \.magnitude),
             Tunable("length", key: "l", unit: "pt", range: 20...600, step: .add(10), \.length),
             Tunable("range", key: "a", unit: "pt", range: 0...800, step: .add(10), \.range)]
        }
    }

    static let name = "joints"
    static let instructions = "Joints (iOS 9): sliding, fixed, pin and limit attachments under gravity · drag any square"
    static var gestures: [HelpLine] { [HelpLine("drag a square", "pull it against its attachment; release: it falls")] }
    /// The sliding axis: 20° off the vertical, down and to the right (a unit vector).
    static let slidingAxis = Vector(dx: sin(20 * Double.pi / 180), dy: cos(20 * Double.pi / 180))
    /// Linear and angular resistance of every square, 1/s (UIKit's default is 0).
    static let resistance = 1.0
    /// How far inside the stage's edges the boundary is, points: a square resting on the floor
    /// sinks by the contacts' 0.1-pt slop, which at the window's bottom edge cut off its rim.
    static let margin = 2.0

    let animator: DynamicAnimator
    /// The sliding square.
    let slider: DemoSquare
    /// The welded pair, the pinned pair and the roped pair.
    let fixedPair: (DemoSquare, DemoSquare), pinPair: (DemoSquare, DemoSquare), limitPair: (DemoSquare, DemoSquare)
    /// The four attachments, in the order they stand on the stage.
    let sliding: AttachmentBehavior, fixed: AttachmentBehavior, pin: AttachmentBehavior, limit: AttachmentBehavior
    let gravity: GravityBehavior
    let pointer = PointerAttachment()
    /// The squares' side, points (smaller on narrow stages so the four sections fit).
    let side: Double
    /// Where each square's rope end is, in its own frame (the middle of its top edge).
    let ropeOffset: Vector
    /// The welded pair's offset of the second square from the first in the first's frame, and
    /// their angle difference at creation (radians): what the weld keeps.
    let weldOffset: Vector
    /// The pin's point in each square's own frame (points).
    let pinOffsets: (Vector, Vector)
    /// The stage, for the sliding range's limit.
    private let stage: DemoStage
    /// The section labels on the stage.
    private let labels: [Label]
    var tunables: Tunables { didSet { apply() } }

    init(stage: DemoStage, tunables: Tunables) {
        self.tunables = tunables
        self.stage = stage
        animator = DynamicAnimator(referenceBounds: stage.bounds)
        let w = stage.size.width, h = stage.size.height
        let s = min(60, max(24, (w / 4 - 20) / 2.2)).rounded()
        side = s
        let y0 = max(80, (h * 0.3).rounded())
        func x(_ i: Int) -> Double { (w * Double(2 * i + 1) / 8).rounded() }
        func square(_ c: Point, _ text: String) -> DemoSquare {
            let sq = DemoSquare(center: c, side: s, text: text)
            sq.label.fontSize = 12
            stage.view.addSubview(sq)
            return sq
        }
        slider = square(Point(x: x(0), y: y0 - s), "")
        fixedPair = (square(Point(x: x(1) - s / 2, y: y0), "A"), square(Point(x: x(1) + s / 2, y: y0), "B"))
        pinPair = (square(Point(x: x(2) - s / 2, y: y0), "A"), square(Point(x: x(2) + s / 2, y: y0 + s), "B"))
        limitPair = (square(Point(x: x(3) - 0.6 * s, y: y0), "A"), square(Point(x: x(3) + 0.6 * s, y: y0 + s / 2), "B"))
        ropeOffset = Vector(dx: 0, dy: -s / 2)
        weldOffset = Vector(dx: s, dy: 0)
        pinOffsets = (Vector(dx: s / 2, dy: s / 2), Vector(dx: -s / 2, dy: -s / 2))
        sliding = .slidingAttachment(with: slider, attachmentAnchor: slider.center, axisOfTranslation: Self.slidingAxis)
        fixed = .fixedAttachment(with: fixedPair.0, attachedTo: fixedPair.1, attachmentAnchor: Point(x: x(1), y: y0))
        pin = .pinAttachment(with: pinPair.0, attachedTo: pinPair.1, attachmentAnchor: Point(x: x(2), y: y0 + s / 2))
        limit = .limitAttachment(with: limitPair.0, offsetFromCenter: ropeOffset, attachedTo: limitPair.1, offsetFromCenter: ropeOffset)
        let all = [slider, fixedPair.0, fixedPair.1, pinPair.0, pinPair.1, limitPair.0, limitPair.1]
        gravity = GravityBehavior(items: all)
        // The pin turns at most a quarter turn either way from where it starts (B diagonally below
        // A's corner): at ±90° their edges meet side by side, where their contact stops them too;
        // the range is the joint's own stop at that same angle, so the two never pull apart.
        pin.attachmentRange = FloatRange(minimum: -Double.pi / 2, maximum: Double.pi / 2)
        // One behavior for items and boundaries: every two squares collide, partners too.
        let collision = CollisionBehavior(items: all)
        collision.setTranslatesReferenceBoundsIntoBoundary(with: EdgeInsets(all: Self.margin))
        let material = DynamicItemBehavior(items: all)
        material.resistance = Self.resistance
        material.angularResistance = Self.resistance
        for b in [gravity, material, sliding, fixed, pin, limit, collision] as [DynamicBehavior] { animator.addBehavior(b) }
        labels = ["sliding", "fixed", "pin", "limit"].enumerated().map { i, text in
            let l = Label()
            l.text = text
            l.fontSize = 14
            l.textColor = Color(white: 0.2)
            l.textAlignment = .center
            l.isUserInteractionEnabled = false
            l.frame = Rect(x: x(i) - w / 8, y: 10, width: w / 4, height: 20)
            stage.view.addSubview(l)
            return l
        }
        apply()
    }

    /// The sliding range, `0…range` shortened so the square stays above the floor and inside the
    /// stage's sides, points along the axis.
    var slidingRange: FloatRange {
        let a = sliding.anchorPoint, half = side / 2 + Self.margin
        let down = (stage.size.height - half - a.y) / Self.slidingAxis.dy
        let across = (stage.size.width - half - a.x) / Self.slidingAxis.dx
        return FloatRange(minimum: 0, maximum: max(0, min(tunables.range, down, across)))
    }

    private func apply() {
        gravity.magnitude = tunables.magnitude
        limit.length = tunables.length
        sliding.attachmentRange = slidingRange
    }

    var items: [DemoItem] {
        [DemoItem(label: "sliding", view: slider, item: slider),
         DemoItem(label: "fixed A", view: fixedPair.0, item: fixedPair.0), DemoItem(label: "fixed B", view: fixedPair.1, item: fixedPair.1),
         DemoItem(label: "pin A", view: pinPair.0, item: pinPair.0), DemoItem(label: "pin B", view: pinPair.1, item: pinPair.1),
         DemoItem(label: "limit A", view: limitPair.0, item: limitPair.0), DemoItem(label: "limit B", view: limitPair.1, item: limitPair.1)]
    }

    /// Grabs the topmost square under `point` (stage points) where it lands on it.
    func beginDrag(at point: Point) -> Bool {
        guard let sq = items.reversed().lazy.compactMap({ $0.view as? DemoSquare }).first(where: { $0.contains(stagePoint: point) })
        else { return false }
        pointer.begin(sq, offset: sq.offset(of: point), at: point, in: animator)
        return true
    }

    /// `offset` (a square's own frame, points) in stage points.
    static func point(_ square: DemoSquare, _ offset: Vector) -> Point {
        square.center + offset.applying(AffineTransform(rotationAngle: square.transform.rotationAngle))
    }

    /// The rope between the limit pair: straight when taut, else a parabola sagging by half the
    /// slack's reach (`√(L² − d²) / 2`), lying on the floor where it would sag below it (with
    /// both squares on the floor a 150-pt rope sagged 75 pt from their top edges, 15 pt under
    /// the floor and off the window).
    private var rope: [DemoDecoration] {
        let a = Self.point(limitPair.0, ropeOffset), b = Self.point(limitPair.1, ropeOffset)
        let d = a.distance(to: b), l = tunables.length
        guard d < l - 1 else { return [.line(from: a, to: b, color: DemoDecoration.lineColor)] }
        let sag = 0.5 * (l * l - d * d).squareRoot()
        let n = 16, floor = stage.size.height - Self.margin
        let points = (0...n).map { i -> Point in
            let t = Double(i) / Double(n)
            return Point(x: a.x + (b.x - a.x) * t, y: min(floor, a.y + (b.y - a.y) * t + 4 * sag * t * (1 - t)))
        }
        return zip(points, points.dropFirst()).map { .line(from: $0, to: $1, color: DemoDecoration.lineColor) }
    }

    var decorations: [DemoDecoration] {
        let a = sliding.anchorPoint, r = slidingRange, axis = Self.slidingAxis
        let normal = Vector(dx: -axis.dy, dy: axis.dx) * 10
        let lo = a + axis * r.minimum, hi = a + axis * r.maximum
        var d: [DemoDecoration] = [.line(from: lo, to: hi, color: DemoDecoration.lineColor),
                                   .line(from: lo - normal, to: lo + normal, color: DemoDecoration.lineColor),
                                   .line(from: hi - normal, to: hi + normal, color: DemoDecoration.lineColor),
                                   .dot(a, color: DemoDecoration.anchorColor),
                                   .dot(slider.center, color: DemoDecoration.attachPointColor),
                                   .dot(Self.point(fixedPair.0, weldOffset * 0.5), color: DemoDecoration.attachPointColor),
                                   .dot(Self.point(pinPair.0, pinOffsets.0), color: DemoDecoration.attachPointColor)]
        d += rope
        d += [.dot(Self.point(limitPair.0, ropeOffset), color: DemoDecoration.attachPointColor),
              .dot(Self.point(limitPair.1, ropeOffset), color: DemoDecoration.attachPointColor)]
        if let line = pointer.decoration { d.append(line) }
        return d
    }

    var restAllowance: Double { DemoExport.resistanceTime(Self.resistance) }
}
