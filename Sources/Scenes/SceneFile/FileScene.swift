import Geometry
import Drawing
import Gestures
import Dynamics
import Animation
import Views

/// The `file` scene: what a scene file describes (``SceneFileModel``), built like the five
/// built-in scenes: a stage (``FileStageView``) centred in the content frame and scaled down to
/// fit, one view per layer (``FileLayer``), the file's behaviours on one dynamic animator over
/// the stage, its gestures on the stage's recognizers and its tunables as parameters.
///
/// ``reload(_:)`` replaces everything with a new model (a live reload), keeping the values of
/// the tunables whose names survive.
public final class FileScene: Scene {
    /// ``SceneKind/file``.
    public let kind = SceneKind.file
    /// An empty 390 × 844 stage (an iPhone's, in points): the file scene without a file.
    public static var emptyModel: SceneFileModel {
        SceneFileModel(title: "empty stage", stage: SceneFileStage(size: Size(width: 390, height: 844)))
    }

    /// The model shown. Setting it reloads the scene (``reload(_:)``).
    public var model: SceneFileModel {
        get { shown }
        set { reload(newValue) }
    }
    /// The model shown (``model``'s storage).
    private(set) var shown: SceneFileModel

    /// The window the scene lives in.
    let host: SceneHost
    /// The stage: the layers' parent and the animator's reference view.
    let stage: FileStageView
    /// Every layer in the model's order, and by id.
    private(set) var layers: [FileLayer] = []
    private(set) var layersByID: [String: FileLayer] = [:]
    /// The file's behaviours run here (stage points; a new one for each model, whose reference
    /// bounds are its stage's).
    private(set) var animator: DynamicAnimator
    /// Steps ``animator`` as one of the window's steppers (the animator changes on reload; the stepper stays).
    private let stepper = FileStepper()
    /// The tunables' current values, by name.
    var values: [String: Double] = [:]
    /// What re-applies the tunables to the live behaviours (``FileScene/applyBindings()``).
    var bindings: [() -> Void] = []
    /// The instantaneous pushes by behaviour index, with their magnitude and angle.
    var instantPushes: [Int: (PushBehavior, SceneFileNumber, SceneFileNumber)] = [:]
    /// The item behaviour over every dynamic layer that a release's velocity goes through.
    var motion: DynamicItemBehavior?
    /// The file's gestures, in file order.
    private(set) var gestures: [FileGesture] = []
    /// Why the scene file's last save does not read, asked each time the HUD shows the status
    /// (the catalog points it at ``SceneEnvironment/sceneFileProblem``); nil: nothing wrong.
    public var fileProblem: (() -> String?)?
    /// Seed or refined: a file scene behaves alike in both (the file says what it does).
    public var variant = SceneVariant.seed
    /// The file's tunables, in file order (``FileScene/makeParameters(_:values:)``).
    public internal(set) var parameters: [SceneParameter] = []

    /// The scene of `model` in a window of `size` points.
    public init(model: SceneFileModel, size: Size = Size(width: 1280, height: 800)) {
        shown = model
        host = SceneHost(size: size)
        stage = FileStageView(stage: model.stage)
        animator = DynamicAnimator(referenceBounds: Rect(origin: .zero, size: model.stage.size))
        host.window.rootView.addSubview(stage)
        stage.fit(in: host.contentFrame)
        stepper.scene = self
        host.window.addStepper(stepper)
        build(keeping: [:])
    }

    /// Replaces the scene's content with `model`'s (a live reload): new layers, behaviours and
    /// gestures; tunables whose names survive keep their current values (clamped to their new
    /// ranges), the others start at the file's.
    public func reload(_ model: SceneFileModel) {
        let kept = values
        shown = model
        stage.look = model.stage
        stage.fit(in: host.contentFrame)
        build(keeping: kept)
    }

    /// Builds the layers, the behaviours and the parameters of ``shown`` afresh, tunables at
    /// `kept` values where they have one.
    private func build(keeping kept: [String: Double]) {
        for g in gestures { g.remove() }
        gestures = []
        bindings = []
        instantPushes = [:]
        motion = nil
        animator.removeAllBehaviors()
        animator = DynamicAnimator(referenceBounds: Rect(origin: .zero, size: shown.stage.size))
        for l in layers { l.removeFromSuperview() }
        layers = []
        layersByID = [:]
        values = [:]
        for t in shown.tunables {
            values[t.name] = kept[t.name].map { min(max($0, t.range.lowerBound), t.range.upperBound) } ?? t.value
        }
        parameters = Self.makeParameters(shown.tunables, values: values)
        for spec in shown.layers {
            let layer = FileLayer(spec)
            layers.append(layer)
            layersByID[spec.id] = layer
        }
        for layer in layers { layer.parentLayer = layer.spec.parent.flatMap { layersByID[$0] } }
        // Children join their parents in z order (ties in declaration order): the drawing order.
        let ordered = layers.enumerated().sorted { a, b in
            a.element.spec.z != b.element.spec.z ? a.element.spec.z < b.element.spec.z : a.offset < b.offset
        }
        for (_, layer) in ordered { (layer.parentLayer ?? stage).addSubview(layer) }
        buildBehaviors()
        gestures = shown.gestures.compactMap { g in layersByID[g.layer].map { FileGesture(g, layer: $0, scene: self) } }
    }

    /// The clock of the scene's property animations: the window's timeline.
    var timeline: AnimationTimeline { host.window.timeline }

    /// Gives `layer` the velocity `v` (stage points per second) in the animator.
    func setVelocity(_ v: Vector, of layer: FileLayer) {
        guard let motion else { return }
        let now = animator.linearVelocity(for: layer)
        motion.addLinearVelocity(v - now, for: layer)
    }

    // MARK: Scene

    /// The description's first line, else the title.
    public var instructions: String {
        let first = shown.description.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
        return first.isEmpty ? shown.title : first
    }

    /// The window's text measurer.
    public var textMeasurer: TextMeasuring {
        get { host.window.textMeasurer }
        set { host.window.textMeasurer = newValue }
    }

    /// The content frame changed: the stage is centred in it again, scaled to fit.
    public func resize(to size: Size, contentFrame: Rect) {
        host.resize(to: size, contentFrame: contentFrame)
        stage.fit(in: host.contentFrame)
    }

    /// Sends `input` to the window (its recognizers on the stage).
    @discardableResult
    public func handle(_ input: InputEvent) -> Bool { host.handle(input) }

    /// One window tick: gesture timers to `time`, property animations and the animator by `dt`.
    public func update(time: Double, dt: Double) { host.update(time: time, dt: dt) }

    /// Whether anything moves or waits (the window's answer: the animator, animations, timers).
    public var needsFrame: Bool { host.needsFrame }

    /// The stage and its layers.
    public func draw(into list: inout DisplayList) { host.window.draw(into: &list) }

    /// `G`: the animator's behaviours, items and velocities (``DebugOverlay``), from the stage's
    /// origin (drawn in stage points: true to the layers when the stage is not scaled down).
    public func drawDebug(into list: inout DisplayList) {
        DebugOverlay.draw(animator: animator, origin: stage.convert(Point.zero, to: nil), into: &list)
    }
}

/// Steps a file scene's current animator as one of its window's steppers.
private final class FileStepper: FrameStepper {
    /// The scene whose animator it steps.
    weak var scene: FileScene?
    /// The animator by `dt` simulated seconds.
    func step(_ dt: Double) { scene?.animator.step(dt) }
    /// Whether the animator rests (every body asleep).
    var isAtRest: Bool { scene?.animator.isAtRest ?? true }
}
