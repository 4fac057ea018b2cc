import Synchronization
import Geometry
import Animation
import Drawing

/// The rasterized layer of a view whose ``shouldRasterize`` is on (`CALayer.shouldRasterize`):
/// drawn again only when its content changes, composited from the cached texture otherwise.
extension View {
    /// The rasterized content and the scratch list it is compared against each frame.
    final class LayerState {
        static let ids = Atomic<Int>(0)
        @exclusivity(unchecked) var content: LayerContent
        @exclusivity(unchecked) var scratch = DisplayList()
        /// Whether the content may have changed since it was last drawn.
        var isStale = true
        /// Whether an animation was changing the content at the last frame (it is drawn once
        /// more after the animation ends, at the final values).
        var wasAnimating = false
        /// Frames in a row in which the content changed.
        var changeStreak = 0
        init() {
            content = LayerContent(id: LayerState.ids.add(1, ordering: .relaxed).newValue, version: 0, size: .zero, list: DisplayList())
        }
    }

    /// The largest rectangle, in a layer's own points, inside its rounded rectangle: inset by
    /// r(1 − 1/√2) on every side, where each corner's arc crosses the diagonal.
    static func opaqueInterior(width: Double, height: Double, cornerRadius: Double) -> Rect? {
        let r = min(max(cornerRadius, 0), width / 2, height / 2) * (1 - 0.5.squareRoot())
        guard width - 2 * r > 0, height - 2 * r > 0 else { return nil }
        return Rect(x: r, y: r, width: width - 2 * r, height: height - 2 * r)
    }

    func renderLayer(into list: inout DisplayList, context ctx: DrawingContext) {
        if layerState == nil { layerState = LayerState() }
        let state = layerState.unsafelyUnwrapped
        let b = presentationBounds
        let animating = PropertyAnimationActivity.isAnyPropertyAnimating && contentIsAnimating(asRoot: true)
        let mustDraw = state.isStale || animating || state.wasAnimating || state.content.version == 0
        state.wasAnimating = animating
        #if DEBUG
        let check = true // debug builds draw every frame and verify that nothing changed unannounced
        #else
        let check = false
        #endif
        if mustDraw || check {
            let local = DrawingContext(transform: AffineTransform(translationX: -b.minX, y: -b.minY), alpha: 1, z: 0)
            state.scratch.removeAll()
            draw(into: &state.scratch, context: local)
            if !subviews.isEmpty {
                for s in subviewsInDrawingOrder { s.render(into: &state.scratch, parent: local) }
            }
            let size = Size(width: b.width, height: b.height)
            if state.content.version == 0 || state.content.size != size || state.scratch.items != state.content.list.items {
                assert(mustDraw, "a rasterized view's content changed without setNeedsDisplay(): \(type(of: self))")
                swap(&state.content.list, &state.scratch)
                state.content.size = size
                // The first drawing is not a change.
                state.changeStreak = state.content.version == 0 ? 0 : state.changeStreak + 1
                state.content.version += 1
            } else {
                state.changeStreak = 0
            }
            state.isStale = false
        } else {
            state.changeStreak = 0
        }
        // Content that changed in two frames running (a fade or a resize in flight) is drawn
        // directly until it holds still: its pixels would not outlive the frame.
        state.content.isVolatile = state.changeStreak >= 2
        state.content.opaqueRect = isOpaque ? Self.opaqueInterior(width: b.width, height: b.height, cornerRadius: presentationCornerRadius) : nil
        let (frame, t) = ctx.place(b)
        list.append(.layer(state.content, frame: frame, alpha: ctx.alpha, transform: t), z: ctx.z)
    }
}
