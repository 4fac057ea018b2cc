import Geometry
import Drawing

/// Walking the view tree into a ``DisplayList`` in presentation values, and invalidating what
/// was drawn (``setNeedsDisplay()``).
extension View {
    /// Where and how a view draws: its coordinates → window map, accumulated opacity and layer.
    public struct DrawingContext: Equatable {
        /// Maps this view's coordinates (points) to window coordinates.
        public var transform: AffineTransform
        /// Product of the presented alphas from the root down to this view.
        public var alpha: Double
        /// Display-list layer: the parent's plus this view's rounded ``zPosition``.
        public var z: Int

        /// `rect` (this view's coordinates) as a draw-command frame with the matching transform
        /// (applied about the frame's centre), so rotation and scale survive.
        public func place(_ rect: Rect) -> (frame: Rect, transform: AffineTransform) {
            let c = transform.apply(to: rect.center)
            var linear = transform
            linear.tx = 0; linear.ty = 0
            return (Rect(center: c, size: Size(width: rect.width, height: rect.height)), linear)
        }
    }

    /// Draws this view and its visible subviews, in presentation values: its shadow first (when
    /// ``shadowOpacity`` > 0), then its content, as one rasterized layer when ``shouldRasterize``.
    /// `replaying` false walks every view, ignoring retained subview drawing (tests compare).
    func render(into list: inout DisplayList, parent: DrawingContext, replaying: Bool = true) {
        let a = presentationAlpha
        guard !isHidden, a > 0 else { return }
        let ctx = DrawingContext(transform: toSuperview(presentation: true).concatenating(parent.transform),
                                 alpha: parent.alpha * a,
                                 z: parent.z + Self.layerIndex(presentationZPosition))
        if presentationShadowOpacity > 0 { drawShadow(into: &list, context: ctx) }
        if shouldRasterize { renderLayer(into: &list, context: ctx); return }
        draw(into: &list, context: ctx)
        guard !subviews.isEmpty else { return }
        if clipsToBounds { list.pushClip(presentationBounds.applying(ctx.transform)) }
        if replaying, let cache = subviewDrawingCache {
            renderSubviews(into: &list, context: ctx, cache: cache)
        } else {
            for s in subviewsInDrawingOrder { s.render(into: &list, parent: ctx, replaying: replaying) }
        }
        if clipsToBounds { list.popClip() }
    }

    /// `z` rounded to the nearest whole layer (halves away from zero). Whole values, which item
    /// z-indices are, skip the C library's `round`: this runs for every drawn view every frame.
    @inline(__always)
    static func layerIndex(_ z: Double) -> Int {
        if let whole = Int(exactly: z) { return whole }
        return Int(saturating: z.rounded())
    }

    /// Marks the content of the rasterized layer this view draws into as changed: its own layer
    /// when it rasterizes and every rasterizing ancestor's (UIKit's `setNeedsDisplay()`). The
    /// view's own properties and ``Label``'s call it; a subclass whose ``draw(into:context:)``
    /// reads state of its own calls it when that state changes. Animations in flight are
    /// noticed without it.
    public func setNeedsDisplay() {
        // Up the tree without retaining (see `superviewRef`): this runs for every moved cell.
        var v = Unmanaged.passUnretained(self)
        while true {
            let next = v._withUnsafeGuaranteedRef { view -> Unmanaged<View>? in
                view.layerState?.isStale = true
                view.markDrawingDirty()
                return view.superviewRef
            }
            guard let next else { return }
            v = next
        }
    }

    /// ``setNeedsLayout()`` and ``setNeedsDisplay()`` on this view and every descendant: the
    /// window's text measurer changed, and text sizes (a bubble fitted to its text, a wrapped
    /// description) and the drawn text with them.
    func textMeasurerDidChange() {
        setNeedsLayout()
        layerState?.isStale = true
        markDrawingDirty()
        for s in subviews { s.textMeasurerDidChange() }
    }

    /// A change that moves, hides or fades this view within its superview's content.
    func superviewNeedsDisplay() {
        markDrawingDirty()
        superviewRef?._withUnsafeGuaranteedRef { $0.setNeedsDisplay() }
    }

    private func drawShadow(into list: inout DisplayList, context ctx: DrawingContext) {
        let (frame, t) = ctx.place(presentationBounds)
        let color = shadowColor.fading(min(1, presentationShadowOpacity) * ctx.alpha)
        guard color.alpha > 0.001 else { return }
        list.append(.shadow(rect: frame.offset(by: presentationShadowOffset), cornerRadius: presentationCornerRadius, blur: shadowRadius,
                            color: color, transform: t), z: ctx.z)
    }
}
