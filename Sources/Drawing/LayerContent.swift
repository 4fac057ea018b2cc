import Geometry

/// The content of a rasterized layer (Core Animation's `shouldRasterize`): the drawing of a view
/// and its subviews in the layer's own coordinates, drawn once into a texture and composited
/// every frame with the layer's presented frame, transform and opacity.
///
/// `(id, version)` identifies the pixels: the backend keeps a layer's texture while both stay
/// the same (and the pixel size does), and draws ``list`` again when either changes. Two values
/// are equal when their identity, version and size are; the commands are not compared (that is
/// the producer's job when it picks a version).
public struct LayerContent: Sendable, Equatable {
    /// A stable identity (e.g. one per view); never reused for a different layer while it lives.
    public var id: Int
    /// Bumped by the producer whenever ``list`` draws something different.
    public var version: Int
    /// The layer's size in points; ``list`` draws in `(0, 0, width, height)`.
    public var size: Size
    /// What the layer shows, in its own coordinates (points, origin at its top-left corner).
    /// Drawing outside the size is cut off.
    public var list: DisplayList
    /// Whether the content is changing every frame (an animation inside it): keeping pixels
    /// would mean drawing them again each frame, so the backend draws ``list`` directly instead,
    /// cut at the layer's frame. Default false.
    public var isVolatile: Bool

    /// Creates layer content.
    public init(id: Int, version: Int, size: Size, list: DisplayList, isVolatile: Bool = false) {
        self.id = id; self.version = version; self.size = size; self.list = list; self.isVolatile = isVolatile
    }

    public static func == (a: LayerContent, b: LayerContent) -> Bool {
        a.id == b.id && a.version == b.version && a.size == b.size
    }
}
