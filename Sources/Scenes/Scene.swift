import Geometry
import Drawing

/// What the HUD shows about a scene's machinery.
public struct SceneStatus: Sendable, Equatable {
    /// Whether the scene's dynamic animator (or property animator) is running.
    public var animatorRunning: Bool
    /// Items currently moving.
    public var itemsInMotion: Int
    /// Behaviors alive in the animator (children counted).
    public var behaviors: Int
    public init(animatorRunning: Bool = false, itemsInMotion: Int = 0, behaviors: Int = 0) {
        self.animatorRunning = animatorRunning; self.itemsInMotion = itemsInMotion; self.behaviors = behaviors
    }
}

/// A scene in its dumped form (DESIGN.md, `--dump`): everything but the frame counters the app adds.
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
    public var animatorRunning: Bool
    public var items: [Item]
    /// Exchange scene: names per section in their current order.
    public var model: [[String]]?
    /// Drag scene: selected index paths.
    public var selection: [IndexPath]?
    public init(animatorRunning: Bool, items: [Item], model: [[String]]? = nil, selection: [IndexPath]? = nil) {
        self.animatorRunning = animatorRunning; self.items = items; self.model = model; self.selection = selection
    }
}

/// One of Kinetic's interactive scenes. The app owns the clock and the window; a scene receives
/// input, advances its simulation by the time it is given, and describes its frame.
///
/// Time: `handle(_:)` and `update(time:dt:)` receive the app's clock in seconds (gesture timers
/// run on it); `dt` is simulated seconds (already scaled by slow motion, zero while paused).
public protocol Scene: AnyObject {
    /// The scene's command-line name (`drag`, `springy`, `cards`, `exchange`).
    var name: String { get }
    /// One line telling a person what to do, shown under the title.
    var instructions: String { get }
    /// The tunables, in HUD order.
    var parameters: [SceneParameter] { get }
    /// Sets parameter `name` (clamped by the caller) and applies it to live behaviors and animators at once.
    func setParameter(_ name: String, to value: Double)
    /// The window's size changed (points); relayout.
    func resize(to size: Size)
    /// Delivers one input event. Returns whether the scene used it (unused keys go to the app).
    @discardableResult func handle(_ input: SceneInput) -> Bool
    /// Advances gesture timers to `time` (app clock) and the simulation by `dt` simulated seconds.
    func update(time: Double, dt: Double)
    /// Appends the scene's frame to `list` (window coordinates, points).
    func draw(into list: inout DisplayList)
    /// Debug overlay for the scene's behaviors (anchors, springs, boundaries, velocities).
    func drawDebug(into list: inout DisplayList)
    /// HUD figures.
    var status: SceneStatus { get }
    /// What the HUD plots for this scene (a spring's response, a timing curve), or nil.
    var plot: ScenePlot? { get }
    /// The state for `--dump`.
    func dump() -> SceneDump
}

extension Scene {
    /// The current value of parameter `name`, or nil when the scene has no such parameter.
    public func parameter(_ name: String) -> SceneParameter? { parameters.first { $0.name == name } }
    public func drawDebug(into list: inout DisplayList) {}
    public var plot: ScenePlot? { nil }
}
