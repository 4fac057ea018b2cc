import Geometry
import Drawing

/// A scene file (`kinetic run my-interaction.json`, docs/SCENE-FILES.md) as read: the stage,
/// layers, behaviours, gestures and tunables a designer declares. The reader (`Lab`'s
/// `SceneFileReader`) checks every key, type, range and reference, so a model is always
/// consistent: every layer id it names exists, groups hold no cycles, every number is finite
/// and within its documented range, every tunable reference names a tunable.
///
/// Units are UIKit's: points, seconds, Hz, radians for rotations (files write degrees; the
/// reader converts), gravity magnitude 1 = 1000 pt/s².
public struct SceneFileModel: Sendable, Equatable {
    /// The format version (`"kinetic": 1`).
    public var version: Int = 1
    /// The scene's title (the window's title line and the help card), default the file's name.
    public var title: String
    /// One paragraph on what the scene shows and how to use it (the help card), default empty.
    public var description: String = ""
    /// The stage.
    public var stage: SceneFileStage
    /// Named numbers behaviours and animations refer to (`"$name"`), in HUD order.
    public var tunables: [SceneFileTunable] = []
    /// Every layer, parents before children, in declaration order (drawing order within a z).
    public var layers: [SceneFileLayer] = []
    /// Behaviours on layers, in declaration order.
    public var behaviors: [SceneFileBehavior] = []
    /// Gestures on layers, in declaration order (the first whose layer is hit takes the pointer).
    public var gestures: [SceneFileGesture] = []

    public init(title: String, stage: SceneFileStage) { self.title = title; self.stage = stage }

    /// The layer with id `id`.
    public func layer(_ id: String) -> SceneFileLayer? { layers.first { $0.id == id } }
    /// The tunable named `name`.
    public func tunable(_ name: String) -> SceneFileTunable? { tunables.first { $0.name == name } }
}

/// A number in a scene file: a literal, or a reference to a tunable (`"$stiffness"`), read at
/// the tunable's current value whenever it is used (a change applies at once to live behaviours
/// and from the next animation on).
public enum SceneFileNumber: Sendable, Equatable {
    case value(Double)
    case tunable(String)

    /// The number, given the tunables' current values.
    public func resolve(_ tunables: [String: Double]) -> Double {
        switch self {
        case .value(let v): return v
        case .tunable(let name): return tunables[name] ?? 0
        }
    }
}

/// The stage: the designer's canvas, centred in the content area (scaled down to fit when
/// larger, never up).
public struct SceneFileStage: Sendable, Equatable {
    /// Size, points (each 1…10,000).
    public var size: Size
    /// Background colour (default #101418).
    public var background: Color = Color(hex: 0x101418)
    /// Grid spacing, points (0 = none, the default).
    public var grid: Double = 0
    /// Vertical guide lines at these x (points) and horizontal ones at these y.
    public var guidesX: [Double] = [], guidesY: [Double] = []
    public init(size: Size) { self.size = size }
}

/// A named tunable number (a HUD row, an A/B compare parameter, `Ctrl+S`, `E`).
public struct SceneFileTunable: Sendable, Equatable {
    /// The name, letters, digits and `.` (`stiffness`, `sheet.damping`).
    public var name: String
    /// The starting value, within ``range``.
    public var value: Double
    /// The allowed values (min < max).
    public var range: ClosedRange<Double>
    /// How much one hotkey press adds (default: a hundredth of the range).
    public var step: Double
    /// The unit shown ("Hz", "pt", "s", or empty).
    public var unit: String = ""
    /// The hotkey (a single lower-case letter not taken by the lab), or empty for the next free one.
    public var key: String = ""
    public init(name: String, value: Double, range: ClosedRange<Double>, step: Double) {
        self.name = name; self.value = value; self.range = range; self.step = step
    }
}

/// A layer's drop shadow.
public struct SceneFileShadow: Sendable, Equatable {
    public var color: Color = Color(hex: 0x000000)
    /// Opacity 0…1 (default 0.3).
    public var opacity: Double = 0.3
    /// Blur radius, points (default 8).
    public var radius: Double = 8
    /// Offset, points (default (0, 4)).
    public var offset: Vector = Vector(dx: 0, dy: 4)
    public init() {}
}

/// One layer. Its frame is in its parent's coordinates (the stage's for a top-level layer).
public struct SceneFileLayer: Sendable, Equatable {
    /// What the layer draws.
    public enum Content: Sendable, Equatable {
        /// A filled rectangle with the layer's corner radius.
        case rectangle
        /// A filled circle (an ellipse when the frame is not square).
        case circle
        /// Text in the layer's colour, `fontSize` points, aligned left, centre or right.
        case text(String, fontSize: Double, alignment: TextAlignment)
        /// A PNG image, path relative to the scene file's folder (resolved by the reader to an
        /// absolute path inside that folder), drawn to fill the frame.
        case image(path: String)
        /// A group: draws nothing itself; its children move with it.
        case group
    }
    /// Unique id (letters, digits, `-`, `_`), what behaviours and gestures name.
    public var id: String
    public var content: Content
    /// The parent group's id, or nil for a top-level layer.
    public var parent: String?
    /// Frame in the parent's coordinates, points (width and height 0…10,000).
    public var frame: Rect
    /// Fill (or text) colour, default white.
    public var color: Color = .white
    /// 0…1, default 1.
    public var opacity: Double = 1
    /// Uniform scale about the centre, 0.01…100, default 1.
    public var scale: Double = 1
    /// Rotation about the centre, radians (files write `rotation` in degrees), default 0.
    public var rotation: Double = 0
    /// Corner radius, points, default 0 (rectangles and images).
    public var cornerRadius: Double = 0
    /// Drop shadow, or nil.
    public var shadow: SceneFileShadow?
    /// Drawing order among siblings: higher on top; equal z in declaration order. Default 0.
    public var z: Int = 0
    public init(id: String, content: Content, frame: Rect) { self.id = id; self.content = content; self.frame = frame }
}

/// Text alignment in a text layer's frame.
public enum TextAlignment: String, Sendable, Equatable { case left, center, right }

/// A behaviour on layers, with UIKit Dynamics' names and units. Layers a behaviour names become
/// dynamic items (their frame's centre moves; groups move with their children).
public enum SceneFileBehavior: Sendable, Equatable {
    /// `GravityBehavior`: magnitude (1 = 1000 pt/s²) and angle (radians; files write degrees, default 90 = down).
    case gravity(items: [String], magnitude: SceneFileNumber, angle: SceneFileNumber)
    /// `CollisionBehavior`: between the items and/or with the stage's edges (inset by `insets`) and extra boundaries.
    case collision(SceneFileCollision)
    /// `AttachmentBehavior`.
    case attachment(SceneFileAttachment)
    /// `SnapBehavior`: the item springs to `point` (stage points), damping 0…1 (default 0.5).
    case snap(item: String, point: Point, damping: SceneFileNumber)
    /// `PushBehavior`: instantaneous (a velocity kick when the scene starts or a gesture fires it) or continuous.
    case push(items: [String], continuous: Bool, magnitude: SceneFileNumber, angle: SceneFileNumber)
    /// `FieldBehavior`.
    case field(SceneFileField)
    /// `DynamicItemBehavior`: item properties (nil = UIKit's default).
    case itemProperties(SceneFileItemProperties)
}

/// A collision behaviour's set-up.
public struct SceneFileCollision: Sendable, Equatable {
    /// `everything` (default), `items` or `boundaries`.
    public enum Mode: String, Sendable, Equatable { case everything, items, boundaries }
    public var items: [String]
    public var mode: Mode = .everything
    /// Whether the stage's edges are a boundary (default true), inset by `insets` points.
    public var stageEdges = true
    public var insets = EdgeInsets(all: 0)
    /// Extra straight boundaries, stage points.
    public var segments: [(Point, Point)] = []
    public init(items: [String]) { self.items = items }
    public static func == (a: Self, b: Self) -> Bool {
        a.items == b.items && a.mode == b.mode && a.stageEdges == b.stageEdges && a.insets == b.insets
            && a.segments.count == b.segments.count && zip(a.segments, b.segments).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }
}

/// An attachment behaviour's set-up.
public struct SceneFileAttachment: Sendable, Equatable {
    /// What the item is attached to.
    public enum Target: Sendable, Equatable {
        /// A fixed anchor, stage points.
        case point(Point)
        /// Another layer (its centre plus `offset`).
        case layer(String, offset: Vector)
    }
    /// `spring` (default; a spring of `length`, `frequency`, `damping`), `fixed`, `sliding`
    /// along `axis`, `limit` (a rope of at most `length`) or `pin` (layers only, turning about the point).
    public enum Kind: String, Sendable, Equatable { case spring, fixed, sliding, limit, pin }
    public var item: String
    /// Offset of the attach point from the item's centre, points (default zero).
    public var offset = Vector(dx: 0, dy: 0)
    public var target: Target
    public var kind: Kind = .spring
    /// Rest length, points; nil = the distance at creation (UIKit's default).
    public var length: SceneFileNumber?
    /// Frequency, Hz (0 = a rigid rod, the default), and damping ratio (default 0).
    public var frequency: SceneFileNumber = .value(0)
    public var damping: SceneFileNumber = .value(0)
    /// A sliding attachment's axis (unit vector), default (1, 0).
    public var axis = Vector(dx: 1, dy: 0)
    public init(item: String, target: Target) { self.item = item; self.target = target }
}

/// A field behaviour's set-up (UIKit's `UIFieldBehavior` kinds and parameters).
public struct SceneFileField: Sendable, Equatable {
    /// `linearGravity`, `radialGravity`, `spring`, `drag`, `vortex`, `velocity`, `noise`, `turbulence`, `electric`, `magnetic`.
    public var kind: String
    public var items: [String]
    /// The field's position, stage points (default the stage's centre).
    public var position: Point
    /// Strength (default 1), falloff (default 0), minimum radius (default 0), region radius (points, nil = everywhere).
    public var strength: SceneFileNumber = .value(1)
    public var falloff: SceneFileNumber = .value(0)
    public var minimumRadius: SceneFileNumber = .value(0)
    public var region: Double?
    /// Direction for `linearGravity` and `velocity` (default (0, 1)).
    public var direction = Vector(dx: 0, dy: 1)
    /// `noise` and `turbulence`: smoothness 0…1 (default 0) and animation speed (default 0).
    public var smoothness: SceneFileNumber = .value(0)
    public var animationSpeed: SceneFileNumber = .value(0)
    public init(kind: String, items: [String], position: Point) { self.kind = kind; self.items = items; self.position = position }
}

/// `DynamicItemBehavior`'s item properties; nil keeps UIKit's default.
public struct SceneFileItemProperties: Sendable, Equatable {
    public var items: [String]
    public var elasticity: SceneFileNumber?, friction: SceneFileNumber?, density: SceneFileNumber?
    public var resistance: SceneFileNumber?, angularResistance: SceneFileNumber?
    public var allowsRotation: Bool?
    /// Whether the items are anchored (collide but never move).
    public var anchored: Bool?
    public init(items: [String]) { self.items = items }
}

/// A spring or a cubic curve for a property animation or a release.
public enum SceneFileTiming: Sendable, Equatable {
    /// A spring by damping ratio over `duration` seconds (UIKit's `UISpringTimingParameters(dampingRatio:)`
    /// with `UIViewPropertyAnimator(duration:timingParameters:)`).
    case spring(duration: SceneFileNumber, dampingRatio: SceneFileNumber)
    /// A cubic Bézier timing curve (control points, x in 0…1) over `duration` seconds.
    case cubic(duration: SceneFileNumber, Point, Point)
}

/// Property values an animation moves a layer to; nil leaves a property alone.
public struct SceneFileProperties: Sendable, Equatable {
    public var frame: Rect?
    public var opacity: Double?
    public var scale: Double?
    public var cornerRadius: Double?
    public var color: Color?
    /// Rotation, radians (files write degrees).
    public var rotation: Double?
    public init() {}
}

/// One layer's property animation: to `to`; a toggle animates back to the layer's declared
/// values on the next firing (reversing an animation in flight, as `isReversed` does).
public struct SceneFileAnimation: Sendable, Equatable {
    public var layer: String
    public var to: SceneFileProperties
    public var timing: SceneFileTiming
    /// Whether firing again animates back (default true).
    public var toggles = true
    public init(layer: String, to: SceneFileProperties, timing: SceneFileTiming) { self.layer = layer; self.to = to; self.timing = timing }
}

/// Where a pan's release sends the layer.
public struct SceneFileRelease: Sendable, Equatable {
    /// Detents, stage points of the layer's centre (at least one): the nearest to the
    /// *projected* centre wins. Projected = position + velocity · rate / (1 − rate) / 1000
    /// (Apple's "Designing Fluid Interfaces"; `rate` is `UIScrollView.DecelerationRate`,
    /// default `normal` 0.998, `fast` 0.99).
    public var detents: [Point]
    public var decelerationRate: SceneFileNumber = .value(0.998)
    /// How the layer gets there: a spring attachment of this frequency (Hz) and damping ratio
    /// (default 3 Hz, 0.8) from the release velocity, or a snap (damping 0…1) when `snap` is set.
    public var frequency: SceneFileNumber = .value(3)
    public var damping: SceneFileNumber = .value(0.8)
    public var snap: SceneFileNumber?
    public init(detents: [Point]) { self.detents = detents }
}

/// A gesture on a layer and what it does.
public struct SceneFileGesture: Sendable, Equatable {
    /// `tap`, `longPress` (held `minimumDuration` seconds, default 0.5, UIKit's) or `pan`.
    public enum Kind: String, Sendable, Equatable { case tap, longPress, pan }
    public var layer: String
    public var kind: Kind
    public var minimumDuration: Double = 0.5
    /// Pan: the axis the layer may move along (`x`, `y`, or nil for both).
    public var axis: Axis?
    /// Pan: while held the layer follows the pointer through an
    /// attachment of this frequency (Hz, 0 = rigid, the default) and damping ratio.
    public var attachFrequency: SceneFileNumber = .value(0)
    public var attachDamping: SceneFileNumber = .value(1)
    /// Pan: past these limits (the layer's centre, stage points) the layer rubber-bands:
    /// offset past the limit d shows as (1 − 1 / (d · c / D + 1)) · D, c = `coefficient`
    /// (default 0.55, UIScrollView's), D = the stage's size along the axis.
    public var limits: Rect?
    public var rubberBandCoefficient: SceneFileNumber = .value(0.55)
    /// Pan: where the release sends the layer (nil: it stays where it is let go, with its velocity if dynamic).
    public var release: SceneFileRelease?
    /// Tap and long-press (and a pan's end): property animations fired.
    public var animations: [SceneFileAnimation] = []
    /// Tap and long-press: instantaneous pushes (behaviour indices into ``SceneFileModel/behaviors``) fired.
    public var pushes: [Int] = []
    public init(layer: String, kind: Kind) { self.layer = layer; self.kind = kind }

    /// A pan's axis.
    public enum Axis: String, Sendable, Equatable { case x, y }
}
