import Geometry
import Drawing
import Dynamics
import Views

/// One layer of a scene file (``SceneFileLayer``) on the stage: a rectangle, a circle (an
/// ellipse in a frame that is not square), a line of text, an image or a group whose children
/// (its subviews) move with it. A dynamic item when a behaviour or a gesture names it: the
/// animator moves its centre and turns it.
///
/// The layer's colour is kept in the view's animatable ``Views/View/backgroundColor`` (what a
/// property animation animates) and drawn as the content says: a fill, a text colour, an
/// image's placeholder; a group draws nothing. Its scale is baked into its size (bounds, corner
/// radius, font size), so that the transform stays a pure rotation, which is all a dynamic
/// animator writes back; a group's scale goes into its transform (its children scale with it).
final class FileLayer: View, DynamicItem {
    /// The layer as the file declares it (its frame in its parent's coordinates, unscaled).
    let spec: SceneFileLayer
    /// The layer's parent layer (a group), or nil for a top-level layer.
    weak var parentLayer: FileLayer?
    /// The look last applied (model values: the end of an animation in flight).
    private(set) var look: Look
    /// Whether a gesture is on this layer: then the pointer hits it; otherwise presses pass
    /// through it to what is below (its children still take theirs).
    var takesPointer = false

    /// A layer showing `spec` at its declared look (frame in its parent's coordinates).
    init(_ spec: SceneFileLayer) {
        self.spec = spec
        look = Look(spec)
        super.init(frame: spec.frame)
        apply(Look(spec))
    }

    /// The properties a layer shows (the file's, or a property animation's end).
    struct Look: Equatable {
        /// The unscaled frame in the parent's coordinates, points.
        var frame: Rect
        /// Opacity 0…1.
        var opacity: Double
        /// Uniform scale about the centre.
        var scale: Double
        /// Rotation about the centre, radians.
        var rotation: Double
        /// Corner radius before scaling, points (circles are always round).
        var cornerRadius: Double
        /// Fill, text or placeholder colour.
        var color: Color
        /// The look the file declares for `spec`.
        init(_ spec: SceneFileLayer) {
            frame = spec.frame; opacity = spec.opacity; scale = spec.scale; rotation = spec.rotation
            cornerRadius = spec.cornerRadius; color = spec.color
        }
        /// This look's values of the properties `to` sets (a toggle's way back).
        func values(of to: SceneFileProperties) -> SceneFileProperties {
            var p = SceneFileProperties()
            if to.frame != nil { p.frame = frame }
            if to.opacity != nil { p.opacity = opacity }
            if to.scale != nil { p.scale = scale }
            if to.rotation != nil { p.rotation = rotation }
            if to.cornerRadius != nil { p.cornerRadius = cornerRadius }
            if to.color != nil { p.color = color }
            return p
        }
        /// This look with the properties `to` sets.
        func with(_ to: SceneFileProperties) -> Look {
            var l = self
            if let v = to.frame { l.frame = v }
            if let v = to.opacity { l.opacity = v }
            if let v = to.scale { l.scale = v }
            if let v = to.rotation { l.rotation = v }
            if let v = to.cornerRadius { l.cornerRadius = v }
            if let v = to.color { l.color = v }
            return l
        }
    }

    /// Whether the layer is a group (its scale is its transform's).
    var isGroup: Bool { spec.content == .group }

    /// Sets the view's properties to `look` (inside a property animator's animations, they animate).
    func apply(_ look: Look) {
        self.look = look
        let s = look.scale
        center = look.frame.center
        if isGroup {
            bounds = Rect(origin: .zero, size: look.frame.size)
            transform = AffineTransform(scaleX: s, y: s).rotated(by: look.rotation)
        } else {
            bounds = Rect(origin: .zero, size: Size(width: look.frame.width * s, height: look.frame.height * s))
            transform = AffineTransform(rotationAngle: look.rotation)
        }
        alpha = look.opacity
        backgroundColor = isGroup ? .clear : look.color
        cornerRadius = spec.content == .circle ? min(bounds.width, bounds.height) / 2 : look.cornerRadius * (isGroup ? 1 : s)
        if let shadow = spec.shadow {
            shadowColor = shadow.color
            shadowOpacity = shadow.opacity
            shadowRadius = shadow.radius * (isGroup ? 1 : s)
            shadowOffset = shadow.offset
        }
    }

    /// The file's values of the properties `to` sets (where a toggle animates back to).
    func declared(_ to: SceneFileProperties) -> SceneFileProperties { Look(spec).values(of: to) }

    /// The front-most layer under `point` (this layer's coordinates) that takes the pointer, or nil.
    override func hitTest(_ point: Point) -> View? {
        let hit = super.hitTest(point)
        return hit === self && !takesPointer ? nil : hit
    }

    /// Circles collide as ellipses; everything else as its rectangle.
    var collisionBoundsType: DynamicItemCollisionBoundsType { spec.content == .circle ? .ellipse : .rectangle }

    /// The content in the layer's colour (``Views/View/presentationBackgroundColor``).
    override func draw(into list: inout DisplayList, context: DrawingContext) {
        let color = presentationBackgroundColor
        // An image draws its picture whatever its colour.
        if case .image(let path) = spec.content { return drawImage(path: path, into: &list, context: context) }
        guard color.alpha > 0 else { return }
        let b = presentationBounds
        switch spec.content {
        case .rectangle:
            super.draw(into: &list, context: context)
        case .circle:
            let d = min(b.width, b.height)
            guard d > 0 else { return }
            // A circle of the shorter side, stretched along the longer one.
            let (frame, t) = context.place(Rect(center: b.center, size: Size(width: d, height: d)))
            let stretch = AffineTransform(scaleX: b.width / d, y: b.height / d).concatenating(t)
            list.append(.fill(rect: frame, cornerRadius: d / 2, color: color, alpha: context.alpha, transform: stretch), z: context.z)
        case let .text(text, fontSize, alignment):
            let (frame, t) = context.place(b)
            list.append(.text(text, frame: frame, size: fontSize * look.scale, color: color.fading(context.alpha),
                              alignment: Self.drawingAlignment(alignment), transform: t), z: context.z)
        case .image, .group:
            break
        }
    }

    /// Draws the PNG at `path` (absolute, checked by the reader) stretched to fill the layer,
    /// with its corner radius and opacity; the renderer decodes it once and keeps its texture.
    func drawImage(path: String, into list: inout DisplayList, context: DrawingContext) {
        let (frame, t) = context.place(presentationBounds)
        list.append(.image(path: path, frame: frame, cornerRadius: presentationCornerRadius, alpha: context.alpha, transform: t), z: context.z)
    }

    /// The display list's alignment for a file's.
    static func drawingAlignment(_ a: TextAlignment) -> Drawing.TextAlignment {
        switch a {
        case .left: .left
        case .center: .center
        case .right: .right
        }
    }
}
