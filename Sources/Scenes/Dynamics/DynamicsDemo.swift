import Geometry
import Dynamics
import Animation
import Views

/// One demo of the ``DynamicsScene``: a view controller of Apple's UIKit Dynamics Catalog rebuilt
/// on the `Dynamics` module. A demo owns its items (views on the stage), its animator (a new one
/// per demo, as the catalog's view controllers make theirs) and its tunables; the scene routes the
/// pointer to it, steps it once a frame and draws its decorations.
///
/// A new demo joins the scene by adding its file and its type to ``DynamicsDemoCatalog/all``:
/// the arrow keys, `--demo`, the help card, `--params` and `--dump` follow that list.
protocol DynamicsDemo: AnyObject {
    /// The demo's tunables (``SceneTunables``: its table gives each one's name, hotkey, unit,
    /// range and step once; its initial values are the demo's defaults).
    associatedtype Tunables: SceneTunables

    /// The command-line name (`--demo`), short and lower case: `gravity`, `continuous-push`.
    static var name: String { get }
    /// One line for the title bar: what the demo shows and what a person does.
    static var instructions: String { get }
    /// The help card's mouse lines for this demo.
    static var gestures: [HelpLine] { get }
    /// Whether a click starts the demo again from the beginning (the catalog's replay). Default false.
    static var replaysOnClick: Bool { get }
    /// The title-bar line in `variant`, where the variants' gestures differ. Default ``instructions``.
    static func instructions(in variant: SceneVariant) -> String
    /// The help card's mouse lines in `variant`, where the variants' gestures differ. Default ``gestures``.
    static func gestures(in variant: SceneVariant) -> [HelpLine]

    /// Builds the demo's items on `stage` and its behaviors in a new animator, tuned by `tunables`.
    init(stage: DemoStage, tunables: Tunables)

    /// The current tunables; a demo applies a change to its live behaviors at once.
    var tunables: Tunables { get set }
    /// The demo's animator; its reference coordinates are the stage's (points).
    var animator: DynamicAnimator { get }
    /// The items, in the order `--dump` lists them.
    var items: [DemoItem] { get }

    /// The pointer went down at `point` (stage points), before the scene knows whether it is a
    /// click or a drag (the catalog's tap recognizer beside its pan, so a touch acts at once).
    /// Default: nothing.
    func press(at point: Point)
    /// A click at `point` (stage points) that was not a drag. Default: nothing.
    func click(at point: Point)
    /// A drag began from `point` (stage points, where the pointer went down); returns whether the
    /// demo took it (a press on an item it lets you drag). Default false.
    func beginDrag(at point: Point) -> Bool
    /// The pointer of a drag the demo took is at `point` (stage points, inside the stage).
    func drag(to point: Point)
    /// The drag ended (released, or cancelled by Escape or focus loss) with the pointer moving at
    /// `velocity` (points per second).
    func endDrag(velocity: Vector)
    /// After the animator stepped `dt` simulated seconds: the demo's own bookkeeping (an item that
    /// fell out of view, an arrow fading). Default: nothing.
    func advance(_ dt: Double)
    /// Whether stepping would change nothing (the animator at rest, nothing fading). Default: the
    /// animator's ``Dynamics/DynamicAnimator/isAtRest``.
    var isAtRest: Bool { get }
    /// What the demo draws besides its items (the catalog's `APLDecorationView`), in stage points.
    /// Default none.
    var decorations: [DemoDecoration] { get }
    /// The spring the HUD plots (an attachment's or a snap's f and ζ), or nil. Default nil.
    var plot: ScenePlot? { get }
    /// What E exports: the plotted spring as code for every platform, or nil. Default nil.
    var motionExport: MotionExport? { get }
    /// The tunables' values (unqualified names) that make the plotted spring `frequency` Hz with
    /// damping ratio `dampingRatio` (the plot dragged, a spring typed in another dialect),
    /// unchecked. Default none.
    func plottedSpringAssignments(frequency: Double, dampingRatio: Double) -> [ParameterAssignment]
    /// The tunables' values (unqualified names) for a pasted spring, unchecked, or nil when the
    /// demo has no spring. Default: the plotted spring's, when the demo plots one.
    ///
    /// - Throws: ``ParameterRefusal`` when the demo's spring cannot take that motion whatever its
    ///   values (the snap's fixed frequency).
    func importedSpringAssignments(_ spring: SpringConversion) throws(ParameterRefusal) -> [ParameterAssignment]?
    /// Seconds beyond the fuzzer's 5 s that the demo may need, at its current tunables, to come to
    /// rest from anything a person can do to it (a fling across the stage). Default 0.
    var restAllowance: Double { get }
    /// A few words on the demo's state for the HUD's state line ("out of view"), or nil. Default nil.
    var statusNote: String? { get }
    /// The A/B compare's B taking over what `other` (the same demo in A) keeps beside its bodies
    /// and that a gesture moved (an attachment's anchor). Default: nothing.
    func adoptState(of other: any DynamicsDemo)
}

extension DynamicsDemo {
    static var replaysOnClick: Bool { false }
    static func instructions(in variant: SceneVariant) -> String { instructions }
    static func gestures(in variant: SceneVariant) -> [HelpLine] { gestures }
    func press(at point: Point) {}
    func click(at point: Point) {}
    func beginDrag(at point: Point) -> Bool { false }
    func drag(to point: Point) {}
    func endDrag(velocity: Vector) {}
    func advance(_ dt: Double) {}
    var isAtRest: Bool { animator.isAtRest }
    var decorations: [DemoDecoration] { [] }
    var plot: ScenePlot? { nil }
    var motionExport: MotionExport? { nil }
    func plottedSpringAssignments(frequency: Double, dampingRatio: Double) -> [ParameterAssignment] { [] }
    func importedSpringAssignments(_ spring: SpringConversion) throws(ParameterRefusal) -> [ParameterAssignment]? {
        guard case .spring? = plot else { return nil }
        return plottedSpringAssignments(frequency: spring.frequency, dampingRatio: spring.dampingRatio)
    }
    var restAllowance: Double { 0 }
    var statusNote: String? { nil }
    func adoptState(of other: any DynamicsDemo) {}

    /// The tunables at their defaults, as parameters (names unqualified: `frequency`).
    static var defaultParameters: [SceneParameter] { Tunables().parameters }

    /// A new demo on `stage` with the tunables of `values` (unqualified names; others at their defaults).
    static func make(stage: DemoStage, values: [String: Double]) -> any DynamicsDemo {
        var t = Tunables()
        for (name, value) in values { t.set(name, to: value) }
        return Self(stage: stage, tunables: t)
    }

    /// The current tunables as parameters (names unqualified).
    var parameters: [SceneParameter] { tunables.parameters }

    /// Sets tunable `name` (unqualified) to `value` clamped to its range and applies it; returns
    /// the stored value, or nil when the demo has no such tunable or `value` is NaN.
    func setParameter(_ name: String, to value: Double) -> Double? {
        var t = tunables
        guard let v = t.set(name, to: value) else { return nil }
        tunables = t
        return v
    }
}

/// Where a demo lives: the stage view (the catalog's reference view, whose coordinates the
/// animator uses), its size in points and the scene's variant.
struct DemoStage {
    /// The reference view: the demo adds its item views to it.
    let view: DemoStageView
    /// The stage's size, points (the scene's content area).
    let size: Size
    /// Seed (the catalog's own gestures, as its code has them; the default) or refined
    /// (Kinetic's): a demo whose gestures differ reads it when it opens.
    var variant = SceneVariant.seed
    /// The stage in its own coordinates: the animator's reference bounds.
    var bounds: Rect { Rect(origin: .zero, size: size) }
    /// `p` moved inside the stage (a drag's anchor or a snap point never leaves it).
    func clamped(_ p: Point) -> Point {
        Point(x: min(max(p.x, 0), size.width), y: min(max(p.y, 0), size.height))
    }
}

/// One item of a demo as `--dump` lists it: its label, the view that shows it and the dynamic
/// item the animator moves (the view itself, or an adapter such as ``PositionToBoundsMapping``).
struct DemoItem {
    /// "square", "square 1", "button".
    let label: String
    /// The view drawn for it.
    let view: View
    /// What the animator holds.
    let item: any DynamicItem
}
