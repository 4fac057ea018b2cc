import Geometry
import Drawing
import Gestures
import Dynamics
import Animation
import Views

/// The `dynamics` scene: the demos of Apple's UIKit Dynamics Catalog (``DynamicsDemoCatalog``),
/// one at a time on a light stage; ← and → step through them, `--demo` picks the first.
///
/// Each demo is the catalog's view controller rebuilt on the `Dynamics` module, in UIKit's units
/// (gravity magnitude 1 = 1000 pt/s²; a push of magnitude 1 on a 100 × 100 item of density 1
/// gives it 100 pt/s² or 100 pt/s), with its own animator, items and tunables. The scene owns the
/// window, the stage, one tap and one pan recognizer (whose clicks and drags it hands to the demo)
/// and every demo's parameter values: the parameters are named `demo.name` (`spring.frequency`),
/// so `--params` and `--dump` keep each demo's values apart while the HUD shows only the current
/// demo's rows, under their short names.
public final class DynamicsScene: Scene {
    /// ``SceneKind/dynamics``.
    public let kind = SceneKind.dynamics
    /// The demos' command-line names in arrow-key order (`gravity`, `collision`, …).
    public static var demoNames: [String] { DynamicsDemoCatalog.names }
    /// The current demo's name.
    public var demoName: String { demoType.name }
    /// Called with the new demo's name after ← or → changed it (the catalog keeps it in the
    /// ``SceneEnvironment``, so the next dynamics scene opens it).
    public var onDemoChanged: ((String) -> Void)?

    /// The window the scene lives in.
    let host: SceneHost
    /// The demos' reference view.
    let stage = DemoStageView()
    /// The current demo.
    private(set) var demo: any DynamicsDemo
    private(set) var demoType: any DynamicsDemo.Type
    /// Every demo's values by demo and unqualified name (the current demo's included), so a demo
    /// opened again starts with the values it had.
    private var values: [String: [String: Double]] = [:]
    /// Clicks (a press released within 10 pt) and drags (past 10 pt), on the stage.
    private let tap = TapGestureRecognizer()
    private let pan = PanGestureRecognizer()
    /// Whether the current drag was taken by the demo.
    private var demoDrags = false
    /// Steps the demo's animator as one of the window's steppers.
    private let stepper = DemoStepper()
    /// Seed (the default): the Catalog's own gestures, as its view controllers' code has them;
    /// refined: Kinetic's (``variantDescription``). Both keep Kinetic's resistances. A change
    /// opens the current demo afresh in the new variant, with its values, as ← and → do.
    public var variant = SceneVariant.seed {
        didSet { if variant != oldValue { open(demoType) } }
    }
    /// What the variant changes in the demos whose gestures differ (push, continuous-push,
    /// attachments, spring, collision).
    public var variantDescription: String {
        variant == .seed
            ? "the Catalog's gestures: pushes sized and aimed from the stage's centre, a drag moves the anchor, no barrier"
            : "Kinetic's: pushes aim from the square (tunable magnitude), drag the square itself, a sloping barrier"
    }
    /// Every demo's tunables, named `demo.tunable` (see ``setParameter(_:to:)``).
    public private(set) var parameters: [SceneParameter] = []

    /// Creates the scene in a window of `size` points on the demo called `demo` (nil or unknown:
    /// the first, `gravity`).
    public init(demo name: String? = nil, size: Size = Size(width: 1280, height: 800)) {
        host = SceneHost(size: size)
        let type = name.flatMap(DynamicsDemoCatalog.index(of:)).map { DynamicsDemoCatalog.all[$0] } ?? DynamicsDemoCatalog.all[0]
        stage.frame = host.contentFrame
        demoType = type
        demo = type.make(stage: DemoStage(view: stage, size: host.contentFrame.size), values: [:])
        host.window.rootView.addSubview(stage)
        stage.decorations = { [unowned self] in self.demo.decorations }
        tap.addTarget { [unowned self] r in self.tapped(r as! TapGestureRecognizer) }
        pan.addTarget { [unowned self] r in self.panned(r as! PanGestureRecognizer) }
        stage.addGestureRecognizer(tap)
        stage.addGestureRecognizer(pan)
        stepper.scene = self
        host.window.addStepper(stepper)
        refreshParameters()
    }

    // MARK: Demos

    /// Opens demo `type` afresh on the stage (its items, behaviors and a new animator) with the
    /// values it had; the old demo's views leave the stage.
    func open(_ type: any DynamicsDemo.Type) {
        if demoDrags { pan.cancel() }
        demoDrags = false
        for v in stage.subviews { v.removeFromSuperview() }
        demo.animator.removeAllBehaviors()
        demoType = type
        demo = type.make(stage: DemoStage(view: stage, size: stage.bounds.size, variant: variant), values: values[type.name] ?? [:])
        refreshParameters()
    }

    /// ← (`step` −1) or → (+1): the previous or next demo, wrapping.
    private func cycle(_ step: Int) {
        let all = DynamicsDemoCatalog.all
        let i = DynamicsDemoCatalog.index(of: demoName) ?? 0
        open(all[(i + step + all.count) % all.count])
        onDemoChanged?(demoName)
    }

    // MARK: Pointer

    private func tapped(_ r: TapGestureRecognizer) {
        guard r.state == .ended else { return }
        if demoType.replaysOnClick { open(demoType) } else { demo.click(at: r.location(in: stage)) }
    }

    private func panned(_ r: PanGestureRecognizer) {
        let p = r.location(in: stage)
        let bounds = DemoStage(view: stage, size: stage.bounds.size)
        switch r.state {
        case .began:
            // Where the press was: the pan begins 10 pt later.
            let start = p - r.translation(in: stage)
            demoDrags = demo.beginDrag(at: start)
            if demoDrags { demo.drag(to: bounds.clamped(p)) }
        case .changed:
            if demoDrags { demo.drag(to: bounds.clamped(p)) }
        case .ended, .cancelled:
            if demoDrags { demo.endDrag(velocity: r.velocity(in: stage)) }
            demoDrags = false
        default: break
        }
    }

    // MARK: Scene

    /// The current demo's line for the title bar, and the arrow keys.
    public var instructions: String { demoType.instructions(in: variant) + " · ←/→ demos" }

    /// The help card: the demo's gestures, the arrow keys and every demo's name, then the demo's keys.
    public var help: SceneHelp {
        var gestures = demoType.gestures(in: variant)
        gestures.append(HelpLine("← / →", "previous / next demo (now \(demoName))"))
        // The names in lines short enough for the smallest window's card.
        var line = ""
        var lines: [String] = []
        for name in DynamicsDemoCatalog.names {
            if !line.isEmpty && line.count + name.count > 34 { lines.append(line + ","); line = "" }
            line += (line.isEmpty ? "" : ", ") + name
        }
        lines.append(line)
        for (i, l) in lines.enumerated() { gestures.append(HelpLine(i == 0 ? "demos" : "", l)) }
        return SceneHelp(gestures: gestures, keys: SceneHelp.parameterKeys(parameters))
    }

    /// The window's text measurer (the square's labels).
    public var textMeasurer: TextMeasuring {
        get { host.window.textMeasurer }
        set { host.window.textMeasurer = newValue }
    }

    /// Sets `name` (`demo.tunable`, as ``parameters`` names them) clamped to its range: at once in
    /// the current demo's behaviors, or kept for when that demo opens.
    public func setParameter(_ name: String, to value: Double) {
        guard let dot = name.firstIndex(of: "."), let i = DynamicsDemoCatalog.index(of: String(name[..<dot])) else { return }
        let type = DynamicsDemoCatalog.all[i], key = String(name[name.index(after: dot)...])
        if type == demoType {
            guard let v = demo.setParameter(key, to: value) else { return }
            values[type.name, default: [:]][key] = v
        } else {
            guard !value.isNaN, let p = type.defaultParameters.first(where: { $0.name == key }) else { return }
            values[type.name, default: [:]][key] = min(max(value, p.range.lowerBound), p.range.upperBound)
        }
        refreshParameters()
    }

    /// Every demo's parameters, named `demo.tunable` and labelled with the tunable's name; only the
    /// current demo's have their hotkeys (and so HUD rows).
    private func refreshParameters() {
        parameters = DynamicsDemoCatalog.all.flatMap { type -> [SceneParameter] in
            let isCurrent = type == demoType
            let live = isCurrent ? demo.parameters : type.defaultParameters
            return live.map { p in
                var q = SceneParameter(name: type.name + "." + p.name, label: p.name, unit: p.unit, key: isCurrent ? p.key : "",
                                       range: p.range, defaultValue: p.defaultValue, step: p.step, choices: p.choices)
                q.value = isCurrent ? p.value : values[type.name]?[p.name] ?? p.defaultValue
                return q
            }
        }
    }

    /// The content frame changed: the stage follows it; a new size starts the demo again (its
    /// animator's reference bounds are the stage's).
    public func resize(to size: Size, contentFrame: Rect) {
        host.resize(to: size, contentFrame: contentFrame)
        let old = stage.bounds.size
        stage.frame = host.contentFrame
        if stage.bounds.size != old { open(demoType) }
    }

    /// ← and → (down, without Ctrl) change the demo; a press on the stage goes to the demo at
    /// once (``DynamicsDemo/press(at:)``), then with everything else to the window.
    @discardableResult
    public func handle(_ input: InputEvent) -> Bool {
        if case .pointer(let e) = input, e.phase == .down, e.button == .left {
            let p = stage.convert(e.location, from: nil)
            if stage.bounds.contains(p) { demo.press(at: p) }
        }
        if case .key(let k) = input, k.phase == .down, k.key == "left" || k.key == "right",
           !k.modifiers.contains(.control), !k.modifiers.contains(.command) {
            cycle(k.key == "right" ? 1 : -1)
            return true
        }
        return host.handle(input)
    }

    /// One window tick: gesture timers to `time`, the demo (its animator, then its bookkeeping) by `dt` simulated seconds.
    public func update(time: Double, dt: Double) { host.update(time: time, dt: dt) }

    /// Whether the demo moves, fades or waits for a layout (the window's answer).
    public var needsFrame: Bool { host.needsFrame }

    /// The stage: its decorations, the demo's items as views.
    public func draw(into list: inout DisplayList) { host.window.draw(into: &list) }

    /// `G`: the demo's animator's behaviors, items and velocities (``DebugOverlay``).
    public func drawDebug(into list: inout DisplayList) {
        DebugOverlay.draw(animator: demo.animator, origin: stage.convert(Point.zero, to: nil), into: &list)
    }

    /// The HUD's state line names the demo: "spring · running · 3 behaviors".
    public var status: SceneStatus {
        let a = demo.animator
        let behaviors = DebugOverlay.countBehaviors(a.behaviors)
        var line = "\(demoName) · \(a.isRunning ? "running" : "at rest") · \(behaviors) behavior\(behaviors == 1 ? "" : "s")"
        if let note = demo.statusNote { line += " · " + note }
        return SceneStatus(animatorRunning: a.isRunning, itemsInMotion: a.isRunning ? a.awakeItemCount : 0, behaviors: behaviors,
                           detail: line)
    }

    /// The demo's spring (an attachment's or a snap's f and ζ), or nil.
    public var plot: ScenePlot? { demo.plot }
    /// E: the demo's spring as code, or nil.
    public var motionExport: MotionExport? { demo.motionExport }
    /// The plot dragged or a spring typed: the demo's spring tunables, named `demo.tunable`.
    public func plottedSpringAssignments(frequency: Double, dampingRatio: Double) -> [ParameterAssignment] {
        qualified(demo.plottedSpringAssignments(frequency: frequency, dampingRatio: dampingRatio))
    }

    /// A pasted spring: the demo's spring tunables, named `demo.tunable`, or nil when it has none.
    public func importedSpringAssignments(_ spring: SpringConversion) throws(ParameterRefusal) -> [ParameterAssignment]? {
        try demo.importedSpringAssignments(spring).map(qualified)
    }

    /// The demo's `assignments` named as ``parameters`` names them (`spring.frequency`).
    private func qualified(_ assignments: [ParameterAssignment]) -> [ParameterAssignment] {
        assignments.map { ParameterAssignment(demoName + "." + $0.name, $0.value) }
    }

    /// Where each item is drawn, window points (untransformed, as the dump gives them).
    public var itemFrames: [(indexPath: IndexPath, frame: Rect)] {
        demo.items.enumerated().map { (IndexPath(item: $0.offset, section: 0), windowFrame(of: $0.element.view)) }
    }

    /// `view`'s presented frame before its rotation, window points.
    private func windowFrame(of view: View) -> Rect {
        let b = view.presentationBounds
        return Rect(center: stage.convert(view.presentationCenter, to: nil), size: Size(width: b.width, height: b.height))
    }

    /// The dump: `demo` (the current demo's name), every item of the demo with its dynamic state.
    public func dump() -> SceneDump {
        let a = demo.animator
        let list = demo.items.enumerated()
        let items = list.map { i, d in
            SceneDump.Item(indexPath: IndexPath(item: i, section: 0), label: d.label, frame: windowFrame(of: d.view),
                           alpha: d.view.presentationAlpha, zIndex: 0, rotation: d.view.presentationTransform.rotationAngle)
        }
        var dump = SceneDump(animatorRunning: a.isRunning, items: items, fields: [("demo", .string(demoName))])
        dump.dynamicItems = list.map { i, d in
            SceneDump.DynamicItemState(indexPath: IndexPath(item: i, section: 0), frame: windowFrame(of: d.view),
                                       rotation: d.item.transform.rotationAngle, velocity: a.linearVelocity(for: d.item),
                                       angularVelocity: a.angularVelocity(for: d.item))
        }
        return dump
    }

    // MARK: Stepping

    /// Advances the demo once a frame, as the window's stepper: its animator by `dt`, then its own bookkeeping.
    fileprivate func stepDemo(_ dt: Double) {
        demo.animator.step(dt)
        demo.advance(dt)
    }

    /// Whether the demo would change nothing if stepped.
    fileprivate var demoIsAtRest: Bool { demo.isAtRest }
}

/// Steps the dynamics scene's current demo as one of its window's steppers (the demo, and its
/// animator, change with ← and →; the stepper stays).
private final class DemoStepper: FrameStepper {
    weak var scene: DynamicsScene?
    func step(_ dt: Double) { scene?.stepDemo(dt) }
    var isAtRest: Bool { scene?.demoIsAtRest ?? true }
}
