import Geometry
import Drawing
import Gestures
import Animation

/// What the HUD shows about a scene's machinery.
public struct SceneStatus: Sendable, Equatable {
    /// Whether the scene's dynamic animator (or property animator) is running.
    public var animatorRunning: Bool
    /// Items currently moving.
    public var itemsInMotion: Int
    /// Behaviors alive in the animator (children counted).
    public var behaviors: Int
    /// The last release's predicted and measured settling time, for scenes that report one.
    public var settling: SettlingReport?
    /// What is running, in the scene's own words, for scenes whose machinery is not a dynamic
    /// animator ("card animator paused at 42 % · scrubbing"); the HUD shows it instead of the
    /// animator line. Nil: the animator line.
    public var detail: String?
    public init(animatorRunning: Bool = false, itemsInMotion: Int = 0, behaviors: Int = 0, settling: SettlingReport? = nil,
                detail: String? = nil) {
        self.animatorRunning = animatorRunning; self.itemsInMotion = itemsInMotion; self.behaviors = behaviors
        self.settling = settling
        self.detail = detail
    }
}

/// A scene in its dumped form (docs/DESIGN.md, "Command line", dump): everything but the frame counters the app adds.
public struct SceneDump: Sendable {
    /// One item whose presented frame intersects the window.
    public struct Item: Sendable {
        public var indexPath: IndexPath
        public var label: String
        /// Presented frame (untransformed), window coordinates, points.
        public var frame: Rect
        public var alpha: Double
        public var zIndex: Int
        /// Rotation in radians.
        public var rotation: Double
        public var hidden: Bool
        public var selected: Bool
        public init(indexPath: IndexPath, label: String, frame: Rect, alpha: Double = 1, zIndex: Int = 0,
                    rotation: Double = 0, hidden: Bool = false, selected: Bool = false) {
            self.indexPath = indexPath; self.label = label; self.frame = frame; self.alpha = alpha
            self.zIndex = zIndex; self.rotation = rotation; self.hidden = hidden; self.selected = selected
        }
    }
    /// The motion of one item a scene's dynamic animator holds (window coordinates).
    public struct DynamicItemState: Sendable {
        public var indexPath: IndexPath
        /// Presented frame (untransformed), window coordinates, points.
        public var frame: Rect
        /// Rotation, radians.
        public var rotation: Double
        /// Linear velocity, points per second.
        public var velocity: Vector
        /// Angular velocity, radians per second.
        public var angularVelocity: Double
        /// Whether every value is finite (a non-finite item is lost).
        public var isFinite: Bool {
            frame.origin.isFinite && rotation.isFinite && velocity.isFinite && angularVelocity.isFinite
        }
        public init(indexPath: IndexPath, frame: Rect, rotation: Double, velocity: Vector, angularVelocity: Double) {
            self.indexPath = indexPath; self.frame = frame; self.rotation = rotation
            self.velocity = velocity; self.angularVelocity = angularVelocity
        }
    }
    public var animatorRunning: Bool
    public var items: [Item]
    /// Every item the scene's dynamic animator holds, on or off screen (docs/DESIGN.md: a lost item
    /// must show in a dump); empty when no animator runs.
    public var dynamicItems: [DynamicItemState] = []
    /// The scene's own fields, written after the common ones in this order (drag: `selection`,
    /// the selected index paths; exchange: `model`, the names per section in their current order).
    public var fields: [(name: String, value: JSONValue)] = []
    public init(animatorRunning: Bool, items: [Item], fields: [(name: String, value: JSONValue)] = []) {
        self.animatorRunning = animatorRunning; self.items = items; self.fields = fields
    }

    /// The scene's field called `name`, or nil.
    public subscript(field name: String) -> JSONValue? { fields.first { $0.name == name }?.value }
}

/// One of Kinetic's interactive scenes. The app owns the clock and the window; a scene receives
/// input, advances its simulation by the time it is given, and describes its frame.
///
/// Time: `handle(_:)` and `update(time:dt:)` receive the app's clock in seconds (gesture timers
/// run on it); `dt` is simulated seconds (already scaled by slow motion, zero while paused).
///
/// A scene answers for its own invariants to a fuzzer's probe (``SceneProbing``; neutral by default).
public protocol Scene: SceneProbing {
    /// Which of the five scenes this is (or ``SceneKind/file``).
    var kind: SceneKind { get }
    /// What the title line, the HUD's heading and the help card call the scene: its name (a
    /// scene file's own title). Default ``name``.
    var title: String { get }
    /// One line telling a person what to do, shown under the title.
    var instructions: String { get }
    /// The help card's scene part (H): mouse gestures and the scene's keys.
    var help: SceneHelp { get }
    /// The tunables, in HUD order.
    var parameters: [SceneParameter] { get }
    /// Seed (the source document's behaviour, the default) or refined (Kinetic's refinements);
    /// ``variantDescription`` says what differs. Applies from the next gesture.
    var variant: SceneVariant { get set }
    /// One line on what the current variant does, for the HUD's notice.
    var variantDescription: String { get }
    /// Sets parameter `name` (clamped by the caller) and applies it to live behaviors and animators at once.
    func setParameter(_ name: String, to value: Double)
    /// Measures text for the scene's wrapping and truncating labels; the app sets its renderer
    /// (the real font). Default the estimate (``Drawing/EstimatedTextMeasurer``).
    var textMeasurer: TextMeasuring { get set }
    /// The window is `size` points and the scene's content goes in `contentFrame` (window
    /// coordinates, points): below the app's title line and beside the docked HUD. Relayout.
    func resize(to size: Size, contentFrame: Rect)
    /// Delivers one input event (window points, the app's clock). Returns whether the scene used it
    /// (unused keys go to the app). Escape reaches the scene's window, which cancels a gesture in
    /// progress and then calls the scene's ``Views/Window/escapeHandler`` if it set one.
    @discardableResult func handle(_ input: InputEvent) -> Bool
    /// Advances gesture timers to `time` (app clock) and the simulation by `dt` simulated seconds.
    func update(time: Double, dt: Double)
    /// Whether the next frame may differ from the last one drawn (something moves or a timer
    /// waits), so the app must keep updating and drawing; when false the app may wait for input
    /// instead. Collection-view scenes answer their window's ``Views/Window/needsFrame`` plus
    /// their own timers. Default `true` (always draw), the safe answer for a scene that does not know.
    var needsFrame: Bool { get }
    /// Appends the scene's frame to `list` (window coordinates, points).
    func draw(into list: inout DisplayList)
    /// Debug overlay for the scene's behaviors (anchors, springs, boundaries, velocities).
    func drawDebug(into list: inout DisplayList)
    /// HUD figures.
    var status: SceneStatus { get }
    /// What the HUD plots for this scene (a spring's response, a timing curve), or nil.
    var plot: ScenePlot? { get }
    /// Where each visible item is now, window points (the dump's frames): what the lab's
    /// trails sample. Default: none.
    var itemFrames: [(indexPath: IndexPath, frame: Rect)] { get }
    /// What E exports: the spring or curve of ``plot`` as code for every platform, with what it
    /// moves (mass, arrangement), or nil when the scene has none.
    var motionExport: MotionExport? { get }
    /// The state for `--dump`.
    func dump() -> SceneDump
    /// A warning about the current parameters to show beside a parameter change, or nil (for
    /// example, a spring whose animation was capped because it would take hours to settle).
    var parameterNotice: String? { get }
    /// The control points of the cubic timing curve the HUD's plot shows as handles a person
    /// can drag (x in 0…1), or nil when the plot has none. Default nil.
    var curveHandles: (Point, Point)? { get }
    /// Makes the timing curve the cubic Bézier with control points `p1` and `p2` (the plot's
    /// handles dragged; x is clamped to 0…1 as CSS clamps it). Default: nothing.
    func setCurveHandles(_ p1: Point, _ p2: Point)
    /// The parameter values that make the spring the HUD plots `frequency` Hz with damping ratio
    /// `dampingRatio` (its plot dragged, or a spring typed in another dialect), unchecked: the
    /// caller clamps them (``setPlottedSpring(frequency:dampingRatio:)``) or refuses them
    /// (``refusal(of:)``). Default none.
    func plottedSpringAssignments(frequency: Double, dampingRatio: Double) -> [ParameterAssignment]
    /// The parameter values that make the scene's motion a spring pasted from another platform's
    /// code (Ctrl+V), unchecked; nil when the scene has no spring. Default: the plotted spring's
    /// (``plottedSpringAssignments(frequency:dampingRatio:)``), when the scene plots a spring
    /// (``ScenePlot/spring(frequency:dampingRatio:note:)``).
    ///
    /// - Throws: ``ParameterRefusal`` when the scene's spring cannot take that motion whatever
    ///   its values (a snap's frequency is fixed).
    func importedSpringAssignments(_ spring: SpringConversion) throws(ParameterRefusal) -> [ParameterAssignment]?
    /// The parameter values that make the scene's timing curve a cubic curve pasted from another
    /// platform's code, run over `duration` seconds when the code gave one, unchecked; nil when
    /// the scene has no timing curve. Default nil.
    func importedCurveAssignments(_ curve: CubicTimingParameters, duration: Double?) -> [ParameterAssignment]?
    /// Takes over the state of `other`, a scene of the same kind laid out in a content frame of
    /// the same size: what it shows and what moves in it (selection, line-up, scroll offset and
    /// momentum, open card, demo, the bodies of its animator), so that the same input from now on
    /// drives both alike. This scene keeps its own parameters and variant, and its own closures.
    /// The A/B compare's B calls it when it opens (`<Scene>Scene+Adopt.swift`). One frame's
    /// work, deterministic. Default: nothing (a scene with no state beyond its parameters).
    func adoptState(of other: any Scene)
}

extension Scene {
    /// Relayout for a window of `size` points with the content below the title line, full width
    /// (no HUD column): ``defaultContentFrame(for:)``.
    public func resize(to size: Size) { resize(to: size, contentFrame: defaultContentFrame(for: size)) }
    /// The rectangle below the app's title line (30 pt), the full width of a window of `size` points.
    public func defaultContentFrame(for size: Size) -> Rect { SceneHost.content(for: size) }
    /// The scene's command-line name (`drag`, `springy`, `cards`, `exchange`, `dynamics`).
    public var name: String { kind.rawValue }
    public var title: String { name }
    /// The current value of parameter `name`, or nil when the scene has no such parameter.
    public func parameter(_ name: String) -> SceneParameter? { parameters.first { $0.name == name } }
    public func drawDebug(into list: inout DisplayList) {}
    /// Always draw (see ``Scene/needsFrame``).
    public var needsFrame: Bool { true }
    public var plot: ScenePlot? { nil }
    public var itemFrames: [(indexPath: IndexPath, frame: Rect)] { [] }
    public var motionExport: MotionExport? { nil }
    public var parameterNotice: String? { nil }
    public var curveHandles: (Point, Point)? { nil }
    public func setCurveHandles(_ p1: Point, _ p2: Point) {}
    public func plottedSpringAssignments(frequency: Double, dampingRatio: Double) -> [ParameterAssignment] { [] }
    public func importedSpringAssignments(_ spring: SpringConversion) throws(ParameterRefusal) -> [ParameterAssignment]? {
        guard case .spring? = plot else { return nil }
        return plottedSpringAssignments(frequency: spring.frequency, dampingRatio: spring.dampingRatio)
    }
    public func importedCurveAssignments(_ curve: CubicTimingParameters, duration: Double?) -> [ParameterAssignment]? { nil }
    /// Nothing to take over.
    public func adoptState(of other: any Scene) {}
    /// The parameters the HUD shows as rows, in order (those with a hotkey, ``SceneParameter/showsRow``).
    public var rowParameters: [SceneParameter] { parameters.filter(\.showsRow) }
    /// Scenes whose variants behave alike say so.
    public var variantDescription: String {
        variant == .seed ? "as the source document" : "as the source document (this scene has no refinements yet)"
    }
}

/// A duration for a person: "12.5 s", "4.2 min", "38.3 h".
public func readableDuration(_ seconds: Double) -> String {
    func one(_ v: Double) -> String { String((v * 10).rounded() / 10) }
    if seconds >= 3600 { return one(seconds / 3600) + " h" }
    if seconds >= 120 { return one(seconds / 60) + " min" }
    return one(seconds) + " s"
}
