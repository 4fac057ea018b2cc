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
    /// The fields behind one reference, so that a draw command carrying a layer (one per
    /// visible cell, every frame) copies and releases one object instead of the list's arrays.
    /// Copy on write: a setter copies the storage when another value shares it.
    private final class Storage: @unchecked Sendable {
        // @unchecked: mutated only through LayerContent's setters, after the uniqueness check.
        var id: Int, version: Int, size: Size, list: DisplayList, isVolatile: Bool
        var opaqueRect: Rect?
        init(id: Int, version: Int, size: Size, list: DisplayList, isVolatile: Bool, opaqueRect: Rect? = nil) {
            self.id = id; self.version = version; self.size = size; self.list = list; self.isVolatile = isVolatile
            self.opaqueRect = opaqueRect
        }
        func copy() -> Storage {
            Storage(id: id, version: version, size: size, list: list, isVolatile: isVolatile, opaqueRect: opaqueRect)
        }
    }
    private var storage: Storage

    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// A stable identity (e.g. one per view); never reused for a different layer while it lives.
    public var id: Int {
        get { storage.id }
        set { if newValue != storage.id { unique().id = newValue } }
    }
    /// Bumped by the producer whenever ``list`` draws something different.
    public var version: Int {
        get { storage.version }
        set { if newValue != storage.version { unique().version = newValue } }
    }
    /// The layer's size in points; ``list`` draws in `(0, 0, width, height)`.
    public var size: Size {
        get { storage.size }
        set { if newValue != storage.size { unique().size = newValue } }
    }
    /// What the layer shows, in its own coordinates (points, origin at its top-left corner).
    /// Drawing outside the size is cut off.
    public var list: DisplayList {
        get { storage.list }
        _modify { yield &unique().list }
    }
    /// Whether the content is changing every frame (an animation inside it): keeping pixels
    /// would mean drawing them again each frame, so the backend draws ``list`` directly instead,
    /// cut at the layer's frame. Default false.
    public var isVolatile: Bool {
        get { storage.isVolatile }
        set { if newValue != storage.isVolatile { unique().isVolatile = newValue } }
    }

    /// The part of the layer, in its own points, that ``list`` covers with opaque pixels
    /// (`CALayer.isOpaque`, a promise made by the producer): drawn at full opacity without a
    /// rotation, it hides whatever lies under that part, so the backend need not draw it.
    /// Default nil: no promise.
    public var opaqueRect: Rect? {
        get { storage.opaqueRect }
        set { if newValue != storage.opaqueRect { unique().opaqueRect = newValue } }
    }

    /// Creates layer content.
    public init(id: Int, version: Int, size: Size, list: DisplayList, isVolatile: Bool = false) {
        storage = Storage(id: id, version: version, size: size, list: list, isVolatile: isVolatile)
    }

    public static func == (a: LayerContent, b: LayerContent) -> Bool {
        a.id == b.id && a.version == b.version && a.size == b.size
    }
}
