import Geometry
import Gestures
import Dynamics
import Views

/// One gesture of a scene file (``SceneFileGesture``) on its layer: a recognizer on the layer's
/// view (so the front-most layer under the pointer takes it, and a group's gesture its
/// children's presses too) and what it does: a tap or a long press fires its property
/// animations and instantaneous pushes; a pan drags the layer (``FileGesture+Pan.swift``).
final class FileGesture {
    /// The gesture as the file declares it.
    let spec: SceneFileGesture
    /// The layer it is on.
    let layer: FileLayer
    /// The recognizer on the layer's view.
    let recognizer: GestureRecognizer
    /// The animations it fires.
    let animations: [FileAnimation]
    /// The scene that owns the gesture (its animator, tunables and timeline).
    unowned let scene: FileScene
    /// A pan's hold on the layer: the attachment to the (rubber-banded) pointer.
    var hold: AttachmentBehavior?
    /// A pan's release behaviour (a spring attachment or a snap to the chosen detent).
    var release: DynamicBehavior?
    /// The layer's centre when the pan began (its parent's coordinates).
    var start = Point.zero
    /// The detent the last release chose, or nil.
    private(set) var chosenDetent: Point?
    /// Whether a reload took the gesture off its layer (its recognizer's last calls do nothing).
    private var isRemoved = false

    /// `spec` on `layer` of `scene`: its recognizer goes on the layer's view, which then takes the pointer.
    init(_ spec: SceneFileGesture, layer: FileLayer, scene: FileScene) {
        self.spec = spec
        self.layer = layer
        self.scene = scene
        animations = spec.animations.compactMap { a in scene.layersByID[a.layer].map { FileAnimation(a, layer: $0) } }
        switch spec.kind {
        case .tap: recognizer = TapGestureRecognizer()
        case .longPress: recognizer = LongPressGestureRecognizer(minimumPressDuration: spec.minimumDuration)
        case .pan: recognizer = PanGestureRecognizer()
        }
        recognizer.name = "\(spec.kind.rawValue) \(spec.layer)"
        _ = recognizer.addTarget { [unowned self] r in self.recognized(r) }
        layer.addGestureRecognizer(recognizer)
        layer.takesPointer = true
    }

    /// Takes the recognizer off the layer (a reload), letting go of anything held.
    func remove() {
        isRemoved = true
        if hold != nil { recognizer.cancel() }
        layer.removeGestureRecognizer(recognizer)
    }

    private func recognized(_ r: GestureRecognizer) {
        guard !isRemoved else { return }
        switch (spec.kind, r.state) {
        case (.tap, .ended), (.longPress, .began): fire()
        case (.pan, .began): beginPan()
        case (.pan, .changed): movePan()
        case (.pan, .ended): endPan(velocity: (r as! PanGestureRecognizer).velocity(in: layer.superview))
        case (.pan, .cancelled): endPan(velocity: .zero)
        default: break
        }
    }

    /// The property animations and the instantaneous pushes the gesture lists.
    func fire() {
        for a in animations { a.fire(on: scene.timeline, scene.resolve) }
        for i in spec.pushes { scene.firePush(i) }
    }

    /// The detent whose distance to `projected` is least (the first of equals), or nil for none.
    static func nearestDetent(_ detents: [Point], to projected: Point) -> Point? {
        detents.min { ($0 - projected).length < ($1 - projected).length }
    }

    /// Where a layer at `position` (points) let go at `velocity` (points/s) would come to rest
    /// decelerating at `rate` per millisecond (UIScrollView's deceleration rate, 0 < rate < 1):
    /// position + velocity · rate / (1 − rate) / 1000.
    static func projected(_ position: Point, velocity: Vector, rate: Double) -> Point {
        let r = min(max(rate, 0), 0.999_999)
        return position + velocity * (r / (1 - r) / 1000)
    }

    /// `raw` (a centre coordinate, points) past `lower…upper` rubber-banded: an offset d past the
    /// limit shows as (1 − 1 / (d · c / D + 1)) · D (UIScrollView's rubber band, c the
    /// coefficient, D the stage's size along the axis); inside the limits, `raw` itself.
    static func rubberBand(_ raw: Double, lower: Double, upper: Double, coefficient c: Double, dimension D: Double) -> Double {
        guard D > 0, c > 0 else { return min(max(raw, lower), upper) }
        func band(_ d: Double) -> Double { (1 - 1 / (d * c / D + 1)) * D }
        if raw > upper { return upper + band(raw - upper) }
        if raw < lower { return lower - band(lower - raw) }
        return raw
    }

    /// Remembers the chosen detent (for tests and the dump).
    func chose(_ detent: Point) { chosenDetent = detent }
}
