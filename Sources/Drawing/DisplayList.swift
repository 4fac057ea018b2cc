import Geometry

/// The drawing of one frame: commands with a z order and an optional clip rectangle.
///
/// Items are drawn in ascending `z`, and in insertion order within the same `z` (a stable sort),
/// so later items of a layer cover earlier ones, as UIKit's `zIndex` and subview order do.
/// The renderer draws in exactly that order (painter's algorithm), batching consecutive
/// primitives that sample the same texture into one geometry call.
public struct DisplayList: Sendable {
    /// One command with its place in the drawing order.
    public struct Item: Sendable, Equatable {
        /// The primitive.
        public var command: DrawCommand
        /// The layer: higher layers are drawn later (on top).
        public var z: Int
        /// Drawing outside this window rectangle (points) is cut off; nil draws everywhere.
        public var clip: Rect?
    }

    /// Items in insertion order (use ``ordered`` for drawing order).
    public private(set) var items: [Item] = []
    private var clipStack: [Rect] = []

    /// Window background colour, cleared before anything is drawn.
    public var background: Color = .background

    /// Creates an empty list.
    public init() {}

    /// Appends `command` in layer `z` (default 0), clipped by the current clip rectangle.
    public mutating func append(_ command: consuming DrawCommand, z: Int = 0) {
        // `consuming`: the command moves into the list (no copy and release per append).
        items.append(Item(command: command, z: z, clip: clipStack.last))
    }

    /// Appends many commands in layer `z`.
    public mutating func append<S: Sequence>(contentsOf commands: S, z: Int = 0) where S.Element == DrawCommand {
        for c in commands { append(c, z: z) }
    }

    /// Appends items as they are (their layers and clips included): a retained drawing replayed.
    public mutating func appendItems<C: Collection>(_ newItems: C) where C.Element == Item {
        items.append(contentsOf: newItems)
    }

    /// The clip in effect for the next ``append(_:z:)`` (window coordinates), nil when none.
    public var currentClip: Rect? { clipStack.last }

    /// Restricts the following items to `rect` (intersected with the current clip) until ``popClip()``.
    public mutating func pushClip(_ rect: Rect) {
        clipStack.append(clipStack.last.map { $0.intersection(rect) } ?? rect)
    }

    /// Ends the innermost ``pushClip(_:)``.
    public mutating func popClip() { _ = clipStack.popLast() }

    /// Removes every item, keeping capacity (no per-frame allocation).
    public mutating func removeAll() {
        items.removeAll(keepingCapacity: true)
        clipStack.removeAll(keepingCapacity: true)
    }

    /// Number of items.
    public var count: Int { items.count }

    /// Items in drawing order: ascending z, then insertion order.
    public var ordered: [Item] {
        // Stable: sort indices by (z, index).
        let idx = items.indices.sorted { a, b in
            items[a].z != items[b].z ? items[a].z < items[b].z : a < b
        }
        return idx.map { items[$0] }
    }

    /// The list with every ``DrawCommand/layer(_:frame:alpha:transform:)`` replaced by its content's
    /// commands in window coordinates (alpha multiplied, transforms composed, clips kept as the
    /// layer's), recursively: what a rasterized layer draws, for tests and inspection.
    public var flattened: DisplayList {
        var out = DisplayList()
        out.background = background
        for item in items { Self.flatten(item, into: &out) }
        return out
    }

    private static func flatten(_ item: Item, into out: inout DisplayList) {
        guard case let .layer(content, frame, alpha, t) = item.command else { out.items.append(item); return }
        for inner in content.list.items {
            let command = windowCommand(inner.command, inLayerOfSize: content.size, frame: frame, alpha: alpha, transform: t)
            flatten(Item(command: command, z: item.z, clip: item.clip), into: &out)
        }
    }

    /// `command`, drawn in a layer's coordinates (a layer of `size` points composited into `frame`
    /// with `alpha` and `transform` about the frame's centre), as the same drawing in window
    /// coordinates: positions mapped, transforms composed, opacity multiplied.
    public static func windowCommand(_ command: DrawCommand, inLayerOfSize size: Size, frame: Rect, alpha: Double,
                                     transform t: AffineTransform) -> DrawCommand {
        // Layer point p ↦ frame centre + T(p − size/2).
        let linear = linearPart(t)
        let half = Vector(dx: size.width / 2, dy: size.height / 2)
        func map(_ p: Point) -> Point { frame.center + (linear.apply(to: p - half) - Point.zero) }
        func place(_ r: Rect, _ it: AffineTransform) -> Rect { Rect(center: map(r.center + Vector(dx: it.tx, dy: it.ty)), size: r.size) }
        switch command {
        case let .fill(r, radius, c, a, it):
            return .fill(rect: place(r, it), cornerRadius: radius, color: c, alpha: a * alpha, transform: linearPart(it).concatenating(linear))
        case let .stroke(points, closed, w, c):
            return .stroke(points: points.map(map), closed: closed, width: w, color: c.fading(alpha))
        case let .text(s, f, fontSize, c, al, it):
            return .text(s, frame: place(f, it), size: fontSize, color: c.fading(alpha), alignment: al,
                         transform: linearPart(it).concatenating(linear))
        case let .layer(c, f, a, it):
            return .layer(c, frame: place(f, it), alpha: a * alpha, transform: linearPart(it).concatenating(linear))
        case let .shadow(r, radius, blur, c, it):
            return .shadow(rect: place(r, it), cornerRadius: radius, blur: blur, color: c.fading(alpha),
                           transform: linearPart(it).concatenating(linear))
        case let .image(p, f, radius, a, it):
            return .image(path: p, frame: place(f, it), cornerRadius: radius, alpha: a * alpha,
                          transform: linearPart(it).concatenating(linear))
        }
    }

    private static func linearPart(_ t: AffineTransform) -> AffineTransform {
        var m = t
        m.tx = 0; m.ty = 0
        return m
    }
}
