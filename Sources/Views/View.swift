import Synchronization
import Geometry
import Animation
import Drawing
import Gestures

/// A rectangular area on screen with a background, subviews and gesture recognizers (UIKit's `UIView`).
///
/// **Model and presentation.** `center`, `bounds`, `transform`, `alpha`, `backgroundColor`,
/// `cornerRadius`, `zPosition`, `shadowOpacity` and `shadowOffset` are plain Swift properties
/// stored inline (``AnimatableSlot``; an ``AnimatableProperty`` is made for one when it is first
/// animated): setting one (`view.alpha = 0.5`) sets the *model* value at once, and when done inside a property
/// animator's animations the change animates. The `presentation…` accessors
/// (``presentationAlpha``, ``presentationFrame``, …) read what is on screen now, like
/// `layer.presentation()`. Drawing and hit-testing use presentation values (a view in flight is
/// hit where it is drawn); ``convert(_:to:)-(Point,_)`` uses model values, as UIKit does.
///
/// **Geometry.** As in UIKit, `frame` is derived from `center`, `bounds.size` and `transform`
/// (the transform applies about the centre); `bounds.origin` shifts the subviews (scrolling).
///
/// **Per frame.** The ``Window`` calls ``update(_:)`` once per frame on the views that asked for
/// it (``wantsFrameUpdates``), then ``layoutIfNeeded()``, then draws. Subclasses override
/// ``update(_:)`` for time-driven work (and set ``wantsFrameUpdates``),
/// ``layoutSubviews()`` for layout and ``draw(into:context:)`` for content.
open class View: GestureCoordinateSpace {
    // MARK: Animatable storage

    // The values live inline (``AnimatableSlot``); an ``AnimatableProperty`` is made for one only
    // when it is first changed inside an animations closure or asked for below.
    private var centerSlot: AnimatableSlot<Point>
    private var boundsSlot: AnimatableSlot<Rect>
    private var transformSlot = AnimatableSlot<AffineTransform>(.identity)
    private var alphaSlot = AnimatableSlot<Double>(1)
    private var backgroundColorSlot = AnimatableSlot<Color>(.clear)
    private var cornerRadiusSlot = AnimatableSlot<Double>(0)
    private var zPositionSlot = AnimatableSlot<Double>(0)
    private var shadowOpacitySlot = AnimatableSlot<Double>(0)
    private var shadowOffsetSlot = AnimatableSlot<Vector>(Vector(dx: 0, dy: -3))

    /// The animatable storage behind ``center`` (made on first use).
    public var centerProperty: AnimatableProperty<Point> { centerSlot.property() }
    /// The animatable storage behind ``bounds`` (made on first use).
    public var boundsProperty: AnimatableProperty<Rect> { boundsSlot.property() }
    /// The animatable storage behind ``transform`` (made on first use).
    public var transformProperty: AnimatableProperty<AffineTransform> { transformSlot.property() }
    /// The animatable storage behind ``alpha`` (made on first use).
    public var alphaProperty: AnimatableProperty<Double> { alphaSlot.property() }
    /// The animatable storage behind ``backgroundColor`` (made on first use).
    public var backgroundColorProperty: AnimatableProperty<Color> { backgroundColorSlot.property() }
    /// The animatable storage behind ``cornerRadius`` (made on first use).
    public var cornerRadiusProperty: AnimatableProperty<Double> { cornerRadiusSlot.property() }
    /// The animatable storage behind ``zPosition`` (made on first use).
    public var zPositionProperty: AnimatableProperty<Double> { zPositionSlot.property() }

    /// Creates a view with `frame` (points, in the superview's coordinates); default zero.
    public init(frame: Rect = .zero) {
        centerSlot = AnimatableSlot(frame.center)
        boundsSlot = AnimatableSlot(Rect(origin: .zero, size: Size(width: frame.width, height: frame.height)))
    }

    // MARK: Model values

    /// Centre of the view in its superview's coordinates (points). Animatable.
    public var center: Point {
        get { centerSlot.value }
        set { if centerSlot.set(newValue) { superviewNeedsDisplay() } }
    }
    /// The view's own coordinate system: origin (the content offset, for scrolling) and size (points). Animatable.
    public var bounds: Rect {
        get { boundsSlot.value }
        set {
            let old = boundsSlot.value
            guard newValue != old else { return }
            boundsWillChange(to: newValue)
            boundsSlot.set(newValue)
            setNeedsDisplay()
            boundsDidChange(from: old)
        }
    }
    /// Transform applied about the centre (scale, rotation); identity by default. Animatable.
    public var transform: AffineTransform {
        get { transformSlot.value }
        set { if transformSlot.set(newValue) { superviewNeedsDisplay() } }
    }
    /// Opacity 0…1, multiplied down the hierarchy; default 1. Animatable.
    public var alpha: Double {
        get { alphaSlot.value }
        set { if alphaSlot.set(newValue) { superviewNeedsDisplay() } }
    }
    /// Fill colour of the view's rounded rectangle; default ``Color/clear`` (nothing drawn). Animatable.
    public var backgroundColor: Color {
        get { backgroundColorSlot.value }
        set { if backgroundColorSlot.set(newValue) { setNeedsDisplay() } }
    }
    /// Corner radius of the background, in points; default 0. Animatable.
    public var cornerRadius: Double {
        get { cornerRadiusSlot.value }
        set { if cornerRadiusSlot.set(newValue) { setNeedsDisplay() } }
    }
    /// Stacking order among siblings (higher on top), like `layer.zPosition`; default 0. Its
    /// rounded value also raises the view's display-list layer by that many steps. Animatable.
    public var zPosition: Double {
        get { zPositionSlot.value }
        set {
            guard zPositionSlot.set(newValue) else { return }
            superviewRef?._withUnsafeGuaranteedRef { $0.drawingOrderMayHaveChanged = true }
            superviewNeedsDisplay()
        }
    }

    /// The bounding box of the view in its superview's coordinates (points), from `center`,
    /// `bounds.size` and `transform`. Setting it sets `center` and `bounds.size`.
    public var frame: Rect {
        get { Self.frame(center: center, bounds: bounds, transform: transform) }
        set {
            center = newValue.center
            bounds = Rect(origin: bounds.origin, size: Size(width: newValue.width, height: newValue.height))
        }
    }

    /// Whether the view (and its subviews) are skipped when drawing and hit-testing; default false.
    public var isHidden = false { didSet { if isHidden != oldValue { superviewNeedsDisplay() } } }
    /// Whether subviews are clipped to this view's bounds when drawn; default false.
    public var clipsToBounds = false { didSet { if clipsToBounds != oldValue { setNeedsDisplay() } } }
    /// Whether the view takes part in hit-testing; default true.
    public var isUserInteractionEnabled = true
    /// An integer to find the view by (``viewWithTag(_:)``); default 0.
    public var tag = 0

    // MARK: Presentation values

    /// The centre on screen now (points, superview coordinates).
    public var presentationCenter: Point { centerSlot.presentationValue }
    /// The bounds on screen now.
    public var presentationBounds: Rect { boundsSlot.presentationValue }
    /// The transform on screen now.
    public var presentationTransform: AffineTransform { transformSlot.presentationValue }
    /// The opacity on screen now (this view only, not multiplied by ancestors).
    public var presentationAlpha: Double { alphaSlot.presentationValue }
    /// The background colour on screen now.
    public var presentationBackgroundColor: Color { backgroundColorSlot.presentationValue }
    /// The corner radius on screen now (points).
    public var presentationCornerRadius: Double { cornerRadiusSlot.presentationValue }
    /// The z position on screen now.
    public var presentationZPosition: Double { zPositionSlot.presentationValue }
    /// The frame on screen now (points, superview coordinates).
    public var presentationFrame: Rect {
        Self.frame(center: presentationCenter, bounds: presentationBounds, transform: presentationTransform)
    }

    private static func frame(center: Point, bounds: Rect, transform: AffineTransform) -> Rect {
        let r = Rect(center: center, size: Size(width: bounds.width, height: bounds.height))
        if transform.isIdentity { return r }
        return r.applying(aboutCenter(transform, center))
    }

    /// `t` applied about `c` instead of the origin.
    static func aboutCenter(_ t: AffineTransform, _ c: Point) -> AffineTransform {
        AffineTransform(translationX: -c.x, y: -c.y).concatenating(t).concatenating(AffineTransform(translationX: c.x, y: c.y))
    }

    /// The map from this view's coordinates to its superview's: `p ↦ center + T(p − bounds.centre)`.
    func toSuperview(presentation: Bool) -> AffineTransform {
        let c = presentation ? presentationCenter : center
        let b = presentation ? presentationBounds : bounds
        let t = presentation ? presentationTransform : transform
        return AffineTransform(translationX: -b.midX, y: -b.midY).concatenating(t)
            .concatenating(AffineTransform(translationX: c.x, y: c.y))
    }

    /// The map from this view's coordinates to the window's (the root view's superview space).
    func toWindow(presentation: Bool) -> AffineTransform {
        var m = toSuperview(presentation: presentation)
        var v = superview
        while let s = v { m = m.concatenating(s.toSuperview(presentation: presentation)); v = s.superview }
        return m
    }

    /// Called before `bounds` changes to `newBounds` (``bounds`` still holds the old value), so a
    /// scroll view can show its layout the old and new bounds together. Default does nothing.
    open func boundsWillChange(to newBounds: Rect) {}

    /// Called after `bounds` changed (scrolling, resizing); subclasses may react. Default: relayout.
    open func boundsDidChange(from oldBounds: Rect) {
        if oldBounds.size != bounds.size { setNeedsLayout() }
    }

    // MARK: Hierarchy

    /// The view containing this one, if any. Not retained: the superview owns its subviews (as
    /// in UIKit), and clears this when it goes away, so it never dangles. `unowned(unsafe)` rather
    /// than `weak`: Swift keeps a weakly referenced object's counts in a side table, which sends
    /// every retain and release of a cell and its content view (walked several times a frame)
    /// down the slow path.
    public var superview: View? { superviewRef?.takeUnretainedValue() }
    /// The superview, unretained. Walks up the tree go through it with
    /// `_withUnsafeGuaranteedRef`, which retains nothing: a collection view is weakly referenced
    /// (by its layout, for one), so every retain of it takes the side table's slow path.
    private var superviewRef: Unmanaged<View>?
    /// Child views, back to front (before ``zPosition`` ordering).
    public private(set) var subviews: [View] = []
    /// The window whose root view this view descends from (set on the root by ``Window``).
    public var window: Window? {
        var v: View = self
        while let s = v.superview { v = s }
        return v.hostingWindow
    }
    weak var hostingWindow: Window?

    deinit {
        for s in subviews where s.superview === self { s.superviewRef = nil }
    }

    /// Adds `view` on top of the other subviews, removing it from its old superview first.
    public func addSubview(_ view: View) { insertSubview(view, at: subviews.count) }

    /// Inserts `view` at `index` in ``subviews`` (clamped), removing it from its old superview first.
    public func insertSubview(_ view: View, at index: Int) {
        guard view !== self else { return }
        view.removeFromSuperview()
        let onTop = index >= subviews.count
        subviews.insert(view, at: clamp(index, 0, subviews.count))
        view.superviewRef = Unmanaged.passUnretained(self)
        if view.needsLayout || view.descendantNeedsLayout { descendantNeedsLayoutDidChange() }
        subviewsDidChange(addedOnTop: onTop ? view : nil)
        view.didMoveToSuperview()
        view.windowMayHaveChanged()
    }

    /// Detaches the view from its superview (no effect without one).
    public func removeFromSuperview() {
        guard let s = superview else { return }
        s.subviews.removeAll { $0 === self }
        s.subviewsDidChange(removed: self)
        superviewRef = nil
        drawingEntry = -1
        didMoveToSuperview()
        windowMayHaveChanged()
    }

    /// Moves `view` (a subview) to the front.
    public func bringSubviewToFront(_ view: View) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: i))
        subviewsDidChange()
    }
    /// Moves `view` (a subview) to the back.
    public func sendSubviewToBack(_ view: View) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.insert(subviews.remove(at: i), at: 0)
        subviewsDidChange()
    }

    /// Called after the view was added to or removed from a superview.
    open func didMoveToSuperview() {}

    /// Called on the view and every descendant after it was added to or removed from a view
    /// hierarchy (UIKit's `didMoveToWindow()`): ``window`` may be another one now, also when an
    /// ancestor, not the view itself, moved. Default does nothing.
    open func didMoveToWindow() {}

    private func windowMayHaveChanged() {
        if wantsFrameUpdates || updatingWindow != nil { updateFrameUpdateRegistration() }
        didMoveToWindow()
        for s in subviews { s.windowMayHaveChanged() }
    }

    /// Whether this view is `view` or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        var v: View? = self
        while let c = v { if c === view { return true }; v = c.superview }
        return false
    }

    /// This view or the first descendant (depth first) whose ``tag`` is `tag`.
    public func viewWithTag(_ tag: Int) -> View? {
        if self.tag == tag { return self }
        for s in subviews { if let v = s.viewWithTag(tag) { return v } }
        return nil
    }

    /// Subviews in drawing order: ascending ``presentationZPosition``, then array order.
    ///
    /// The order of the previous call is kept and only checked (one pass, no allocation) while
    /// the subviews stay the same; it is sorted again when a z position moves a view out of place.
    var subviewsInDrawingOrder: [View] {
        if drawingOrder.count == subviews.count {
            var ordered = true
            var previous = -Double.infinity, previousIndex = -1
            for (k, v) in drawingOrder.enumerated() {
                let z = v.presentationZPosition, i = drawingOrderIndices[k]
                if z < previous || (z == previous && i < previousIndex) { ordered = false; break }
                previous = z; previousIndex = i
            }
            if ordered { return drawingOrder }
        }
        // Whole z positions in a small range (item z-indices: 0, and 1 for dragged items) are
        // ordered by counting, stably: a collection view re-sorts its cells whenever one enters.
        drawingZ.removeAll(keepingCapacity: true)
        var lo = 0.0, hi = 0.0, whole = true
        for v in subviews {
            let z = v.presentationZPosition
            drawingZ.append(z)
            if drawingZ.count == 1 { lo = z; hi = z } else { lo = Swift.min(lo, z); hi = Swift.max(hi, z) }
            if z != z.rounded() { whole = false }
        }
        if lo == hi && whole {
            drawingOrder = subviews
            drawingOrderIndices = Array(subviews.indices)
            return subviews
        }
        if whole && hi - lo <= 64 {
            var start = [Int](repeating: 0, count: Int(hi - lo) + 2)
            for z in drawingZ { start[Int(z - lo) + 1] += 1 }
            for b in 1..<start.count { start[b] += start[b - 1] }
            drawingOrderIndices = [Int](repeating: 0, count: subviews.count)
            for (i, z) in drawingZ.enumerated() {
                let b = Int(z - lo)
                drawingOrderIndices[start[b]] = i
                start[b] += 1
            }
            drawingOrder = drawingOrderIndices.map { subviews[$0] }
            return drawingOrder
        }
        let sorted = subviews.enumerated().sorted { a, b in
            let za = a.element.presentationZPosition, zb = b.element.presentationZPosition
            return za != zb ? za < zb : a.offset < b.offset
        }
        drawingOrder = sorted.map(\.element)
        drawingOrderIndices = sorted.map(\.offset)
        return drawingOrder
    }
    private var drawingOrder: [View] = []
    private var drawingOrderIndices: [Int] = []
    /// Scratch: the subviews' z positions while the drawing order is rebuilt.
    private var drawingZ: [Double] = []

    /// The subviews were added, removed or reordered: the drawing order and the content change.
    /// After any change of ``subviews``. A subview added on top or removed is noted in the
    /// retained subview drawing when it can be (cells come and go every frame while a flock
    /// swings across the edge); other changes start it over.
    private func subviewsDidChange(addedOnTop added: View? = nil, removed: View? = nil) {
        drawingOrder.removeAll()
        drawingOrderIndices.removeAll()
        let noted: Bool
        if let cache = subviewDrawingCache {
            if let removed { noted = cache.remove(removed.drawingEntry, id: ObjectIdentifier(removed)) }
            else if let added { noted = cache.append(added, z: added.presentationZPosition) }
            else { noted = false }
        } else {
            noted = false
        }
        if !noted {
            subviewGeneration &+= 1
            drawingOrderMayHaveChanged = true
        }
        setNeedsDisplay()
    }
    /// Bumped whenever ``subviews`` changes (the retained subview drawing is redone).
    private var subviewGeneration = 0
    /// Set when a subview's z position or the subviews changed since the last retained pass.
    private var drawingOrderMayHaveChanged = true

    // MARK: Layout and time

    private(set) var needsLayout = true
    /// Whether a descendant waits for layout: set on every ancestor by ``setNeedsLayout()``, so
    /// ``layoutIfNeeded()`` walks only the branches that need it, not every cell of a screenful
    /// twice a frame.
    private var descendantNeedsLayout = false

    /// Asks for ``layoutSubviews()`` before the next frame is drawn.
    public func setNeedsLayout() {
        needsLayout = true
        superview?.descendantNeedsLayoutDidChange()
    }

    /// Marks this view and its ancestors as having a descendant that waits for layout.
    private func descendantNeedsLayoutDidChange() {
        var v: View? = self
        while let c = v { c.descendantNeedsLayout = true; v = c.superview }
    }

    /// Runs ``layoutSubviews()`` now if needed, then does the same for the subviews that wait for
    /// layout or have a descendant that does (checked as each is reached, so a layout that asks a
    /// later sibling for layout is served in the same pass).
    public func layoutIfNeeded() {
        if needsLayout { needsLayout = false; layoutSubviews() }
        guard descendantNeedsLayout else { return }
        descendantNeedsLayout = false
        for s in subviews where s.subtreeNeedsLayout { s.layoutIfNeeded() }
        // A layout in this pass asked a view already passed for layout (a cell's new size): that
        // view waits for the next pass, as it always did, and the flag must say so exactly.
        if descendantNeedsLayout { descendantNeedsLayout = subviews.contains { $0.subtreeNeedsLayout } }
    }

    /// Positions subviews; default does nothing. Called by ``layoutIfNeeded()``.
    open func layoutSubviews() {}

    /// Advances time-driven state by `dt` seconds (a collection view's batch-update animation);
    /// the ``Window`` calls it once per frame, after its steppers and before layout, on the views
    /// in it whose ``wantsFrameUpdates`` is true. Default does nothing.
    open func update(_ dt: Double) {}

    /// Whether the window calls ``update(_:)`` on this view every frame while the view is in it
    /// (the role of a `CADisplayLink` a view keeps); default false. Opt-in, so a frame costs
    /// nothing for the hundreds of cells, content views and labels that have no time-driven
    /// state: walking every view of a screenful each frame only to call an empty method took a
    /// sixth of the drag scene's frame.
    public var wantsFrameUpdates = false {
        didSet { if wantsFrameUpdates != oldValue { updateFrameUpdateRegistration() } }
    }
    /// The window this view is registered with for ``update(_:)``.
    private weak var updatingWindow: Window?

    /// Moves the ``wantsFrameUpdates`` registration to the window the view is in now, if any.
    private func updateFrameUpdateRegistration() {
        let target = wantsFrameUpdates ? window : nil
        guard target !== updatingWindow else { return }
        updatingWindow?.removeUpdatingView(self)
        target?.addUpdatingView(self)
        updatingWindow = target
    }

    /// Whether this view runs an animation of its own, so the next frames must be drawn: one that
    /// ``update(_:)`` advances off the window's timeline, or one on it that the view reports too
    /// (a collection view's batch update). Read only on views with ``wantsFrameUpdates``.
    /// Default `false`; subclasses that animate override it.
    open var isAnimating: Bool { false }

    /// Whether this view or a descendant waits for a layout pass.
    var subtreeNeedsLayout: Bool { needsLayout || descendantNeedsLayout }

    // MARK: Hit-testing and coordinates

    /// Whether `point` (this view's coordinates) is inside the view: inside ``presentationBounds``.
    open func point(inside point: Point) -> Bool { presentationBounds.contains(point) }

    /// The deepest visible, interactive descendant (or self) containing `point` (this view's
    /// coordinates), front-most first, through every transform (UIKit's `hitTest(_:with:)`).
    /// A point outside this view's bounds never hits its subviews, as in UIKit.
    open func hitTest(_ point: Point) -> View? {
        guard !isHidden, isUserInteractionEnabled, presentationAlpha > 0.01, self.point(inside: point) else { return nil }
        for s in subviewsInDrawingOrder.reversed() {
            let p = s.toSuperview(presentation: true).inverted().apply(to: point)
            if let hit = s.hitTest(p) { return hit }
        }
        return self
    }

    /// Converts `point` from this view's coordinates to `view`'s (nil: the window's).
    public func convert(_ point: Point, to view: View?) -> Point {
        let w = toWindow(presentation: false).apply(to: point)
        return view.map { $0.toWindow(presentation: false).inverted().apply(to: w) } ?? w
    }

    /// Converts `point` from `view`'s coordinates (nil: the window's) to this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        let w = view.map { $0.toWindow(presentation: false).apply(to: point) } ?? point
        return toWindow(presentation: false).inverted().apply(to: w)
    }

    /// Converts `rect` from this view's coordinates to `view`'s (nil: the window's): the bounding
    /// box of the mapped corners.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        var m = toWindow(presentation: false)
        if let view { m = m.concatenating(view.toWindow(presentation: false).inverted()) }
        return rect.applying(m)
    }

    /// Converts `rect` from `view`'s coordinates (nil: the window's) to this view's.
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        var m = view?.toWindow(presentation: false) ?? .identity
        m = m.concatenating(toWindow(presentation: false).inverted())
        return rect.applying(m)
    }

    /// ``GestureCoordinateSpace``: window → this view (model values).
    public func convertFromWindow(_ point: Point) -> Point { convert(point, from: nil) }
    /// ``GestureCoordinateSpace``: this view → window (model values).
    public func convertToWindow(_ point: Point) -> Point { convert(point, to: nil) }

    /// Handles a wheel event that happened over this view (window-coordinate `event`); return
    /// true when handled. The window offers it to the hit view, then to each ancestor, until one
    /// returns true. Default: false.
    open func scrollWheel(_ event: ScrollEvent) -> Bool { false }

    /// The pointer went down on this view, the front-most under it (UIKit's `touchesBegan(_:with:)`;
    /// window-coordinate `event`). The view then receives the sequence's moves and its end, unless
    /// a recognizer with ``GestureRecognizer/cancelsTouchesInView`` begins or recognizes first: then
    /// it receives ``pointerCancelled(_:)`` and nothing more. Recognizers see each event before
    /// the view does. Default: nothing.
    open func pointerBegan(_ event: PointerEvent) {}
    /// The pointer moved during a sequence that began on this view (UIKit's `touchesMoved`). Default: nothing.
    open func pointerMoved(_ event: PointerEvent) {}
    /// The button was released, ending a sequence that began on this view (UIKit's `touchesEnded`). Default: nothing.
    open func pointerEnded(_ event: PointerEvent) {}
    /// The sequence that began on this view was cancelled: a gesture claimed it, Escape or focus
    /// loss (UIKit's `touchesCancelled`). Default: nothing.
    open func pointerCancelled(_ event: PointerEvent) {}

    /// Handles a key event when this view is the window's ``Window/firstResponder`` or an ancestor
    /// of it; return true when handled. Default: false.
    open func keyEvent(_ event: KeyEvent) -> Bool { false }

    // MARK: Gesture recognizers

    /// The recognizers attached to this view, in the order they were added.
    public private(set) var gestureRecognizers: [GestureRecognizer] = []

    /// Attaches `recognizer` (setting its `view` to this view). The window delivers pointer
    /// sequences that start on this view or its descendants to it.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard !gestureRecognizers.contains(where: { $0 === recognizer }) else { return }
        gestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    /// Detaches `recognizer`.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        gestureRecognizers.removeAll { $0 === recognizer }
        if recognizer.view === self { recognizer.view = nil }
    }

    // MARK: Drawing

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

    /// Draws the view's own content (not its subviews) into `list`; by default the background as
    /// a rounded rectangle. Subclasses call `super` and add to it.
    open func draw(into list: inout DisplayList, context: DrawingContext) {
        let color = presentationBackgroundColor
        guard color.alpha > 0 else { return }
        let (frame, t) = context.place(presentationBounds)
        list.append(.fill(rect: frame, cornerRadius: presentationCornerRadius, color: color,
                          alpha: context.alpha, transform: t), z: context.z)
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
        return Int(z.rounded())
    }

    // MARK: Shadow and rasterization

    /// The animatable storage behind ``shadowOpacity`` (made on first use).
    public var shadowOpacityProperty: AnimatableProperty<Double> { shadowOpacitySlot.property() }
    /// The animatable storage behind ``shadowOffset`` (made on first use).
    public var shadowOffsetProperty: AnimatableProperty<Vector> { shadowOffsetSlot.property() }
    /// Opacity of the view's shadow, 0…1 (`CALayer.shadowOpacity`); default 0 (no shadow).
    /// Animatable, so a lift can grow its shadow.
    public var shadowOpacity: Double {
        get { shadowOpacitySlot.value }
        set { if shadowOpacitySlot.set(newValue) { superviewNeedsDisplay() } }
    }
    /// Blur of the shadow in points (`CALayer.shadowRadius`); default 3.
    public var shadowRadius = 3.0 { didSet { if shadowRadius != oldValue { superviewNeedsDisplay() } } }
    /// Offset of the shadow in points, in window axes (`CALayer.shadowOffset`); default (0, −3) as
    /// in UIKit. Animatable.
    public var shadowOffset: Vector {
        get { shadowOffsetSlot.value }
        set { if shadowOffsetSlot.set(newValue) { superviewNeedsDisplay() } }
    }
    /// The shadow's opacity on screen now (mid-animation: the in-flight value).
    public var presentationShadowOpacity: Double { shadowOpacitySlot.presentationValue }
    /// The shadow's offset on screen now.
    public var presentationShadowOffset: Vector { shadowOffsetSlot.presentationValue }
    /// Colour of the shadow (`CALayer.shadowColor`); default black.
    public var shadowColor = Color.black { didSet { if shadowColor != oldValue { superviewNeedsDisplay() } } }

    /// Whether the view and its subviews are drawn once into a texture and composited from it
    /// every frame (`CALayer.shouldRasterize`); default false. The content is drawn again only
    /// when it changes (a colour, a label's text, a subview, the size); moving, rotating,
    /// scaling or fading the view reuses the pixels. The content is cut at the view's bounds,
    /// and the view's opacity applies to the flattened layer (group opacity).
    public var shouldRasterize = false { didSet { if shouldRasterize != oldValue { setNeedsDisplay() } } }

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
    private func superviewNeedsDisplay() {
        markDrawingDirty()
        superviewRef?._withUnsafeGuaranteedRef { $0.setNeedsDisplay() }
    }

    // MARK: Retained subview drawing

    /// Whether the view keeps the display-list items its subviews drew and, next frame, copies
    /// those of the subviews that did not change instead of walking them again (see
    /// ``SubviewDrawingCache``); default false. For views with many rasterized subviews of which
    /// few change per frame: a collection view turns it on for its cells.
    public var retainsSubviewDrawing = false {
        didSet {
            guard retainsSubviewDrawing != oldValue else { return }
            subviewDrawingCache = retainsSubviewDrawing ? SubviewDrawingCache() : nil
        }
    }
    private(set) var subviewDrawingCache: SubviewDrawingCache?
    /// This view's entry in its superview's ``SubviewDrawingCache``, or -1.
    private var drawingEntry = -1
    /// Called by the superview's ``SubviewDrawingCache`` when it gives this view an entry.
    func drawingEntryDidChange(to index: Int) { drawingEntry = index }

    /// Marks this view's items in its superview's retained drawing as out of date (it moved, or
    /// it or something in it changed).
    func markDrawingDirty() {
        guard drawingEntry >= 0, let parent = superviewRef else { return }
        let index = drawingEntry, id = ObjectIdentifier(self)
        parent._withUnsafeGuaranteedRef { $0.subviewDrawingCache?.markDirty(index, id: id) }
    }

    /// Whether the items this view drew in this frame can be replayed next frame unless it is
    /// marked dirty: a rasterized layer whose content is settled (drawn, neither stale, nor
    /// changing frame after frame, nor animating).
    /// `animating`: whether any property animates anywhere (then this view's are looked at).
    private func drawingIsReplayable(animating: Bool) -> Bool {
        guard shouldRasterize, let state = layerState else { return false }
        guard !state.isStale && !state.wasAnimating && state.changeStreak == 0 && !state.content.isVolatile else { return false }
        return !animating || !isInFlight
    }

    /// Whether an animation is changing what this view draws within its superview: its
    /// position, size, transform, opacity, z, shadow, or anything in its content.
    var isInFlight: Bool { contentIsAnimating(asRoot: false) }

    /// Whether an animation is changing this view's z position (and so the drawing order).
    var zPositionIsAnimating: Bool { zPositionSlot.isAnimating }

    /// Draws the subviews through the retained drawing: the whole pass copied when no subview
    /// changed, clean subviews copied and the others drawn when the order and the context are
    /// the same as last frame, every subview drawn (and recorded) otherwise.
    private func renderSubviews(into list: inout DisplayList, context ctx: DrawingContext, cache: SubviewDrawingCache) {
        let key = SubviewDrawingCache.Key(context: ctx, clip: list.currentClip, generation: subviewGeneration)
        // Animations change presentation values without setters: while any property animates,
        // subviews in flight are drawn, and an animated z position (the order) redraws all.
        let animating = PropertyAnimationActivity.isAnyPropertyAnimating
        var replayable = cache.key == key && !drawingOrderMayHaveChanged
        if replayable && animating { replayable = cache.markAnimatingEntriesDirty() }
        guard replayable else {
            // A context that changed since last frame (scrolling) usually changes again next
            // frame: draw without recording, and record once it holds still.
            let record = cache.key?.context == ctx && cache.key?.clip == key.clip
            cache.invalidate()
            cache.lastReplayed = 0
            cache.lastDrawn = subviews.count
            if record { renderSubviewsRecording(into: &list, context: ctx, cache: cache, key: key) }
            else {
                for s in subviewsInDrawingOrder { s.render(into: &list, parent: ctx) }
                cache.restart(context: ctx, clip: key.clip)
            }
            return
        }
        #if DEBUG
        defer { verifyReplayedSubviews(cache, context: ctx, clip: key.clip) }
        #endif
        if cache.dirtyCount == 0 {
            list.appendItems(cache.items)
            cache.lastReplayed = cache.entries.count - cache.removedCount
            cache.lastDrawn = 0
            return
        }
        // Clean runs are copied in one piece; a dirty subview is drawn and, while its number of
        // items stays the same, written over its old items.
        var runStart = 0, reshaped = false, dirty = 0, drawn = 0
        let passStart = list.count
        for k in cache.entries.indices {
            let e = cache.entries[k]
            if e.isClean { continue }
            if runStart < e.start { list.appendItems(cache.items[runStart ..< e.start]) }
            runStart = e.start + e.count
            if e.isRemoved {
                // Gone: its items go, and it stays as an empty clean entry until the next record.
                cache.entries[k].isClean = true
                if e.count > 0 { cache.entries[k].count = 0; reshaped = true }
                continue
            }
            let first = list.count
            e.view.render(into: &list, parent: ctx)
            drawn += 1
            let n = list.count - first
            if n == e.count {
                for i in 0..<n { cache.items[e.start + i] = list.items[first + i] }
            } else {
                cache.entries[k].count = n
                reshaped = true
            }
            let clean = e.view.drawingIsReplayable(animating: animating)
            cache.entries[k].isClean = clean
            if !clean { dirty += 1 }
        }
        if runStart < cache.items.count { list.appendItems(cache.items[runStart...]) }
        cache.dirtyCount = dirty
        cache.lastDrawn = drawn
        cache.lastReplayed = cache.entries.count - drawn - cache.removedCount
        if reshaped {
            cache.items.removeAll(keepingCapacity: true)
            cache.items.append(contentsOf: list.items[passStart...])
            var start = 0
            for k in cache.entries.indices {
                cache.entries[k].start = start
                start += cache.entries[k].count
            }
        }
    }

    /// Draws every subview in drawing order and records each one's items.
    private func renderSubviewsRecording(into list: inout DisplayList, context ctx: DrawingContext,
                                         cache: SubviewDrawingCache, key: SubviewDrawingCache.Key) {
        let passStart = list.count
        let animating = PropertyAnimationActivity.isAnyPropertyAnimating
        var dirty = 0, zInFlight = false
        for (k, s) in subviewsInDrawingOrder.enumerated() {
            let first = list.count
            s.render(into: &list, parent: ctx)
            let clean = s.drawingIsReplayable(animating: animating)
            if !clean { dirty += 1 }
            if animating && s.zPositionIsAnimating { zInFlight = true }
            cache.entries.append(SubviewDrawingCache.Entry(view: s, id: ObjectIdentifier(s), start: first - passStart,
                                                           count: list.count - first, isClean: clean,
                                                           z: s.presentationZPosition))
            s.drawingEntry = k
        }
        cache.items.append(contentsOf: list.items[passStart...])
        cache.dirtyCount = dirty
        cache.topZ = cache.entries.last?.z ?? -.infinity
        cache.key = key
        cache.records += 1
        drawingOrderMayHaveChanged = false
        if zInFlight {
            // The order is still moving: this recording cannot be replayed; record again.
            cache.restart(context: ctx, clip: key.clip)
        }
    }

    #if DEBUG
    /// Debug builds: every subview replayed this frame draws the same items when drawn afresh
    /// (a setter that forgot ``markDrawingDirty()`` would show here, in every test).
    private func verifyReplayedSubviews(_ cache: SubviewDrawingCache, context ctx: DrawingContext, clip: Rect?) {
        var fresh = DisplayList()
        for e in cache.entries where e.isClean && !e.isRemoved {
            fresh.removeAll()
            if let clip { fresh.pushClip(clip) }
            e.view.render(into: &fresh, parent: ctx, replaying: false)
            assert(fresh.items[...] == cache.items[e.start ..< e.start + e.count],
                   "a retained subview drew differently without being marked dirty: \(type(of: e.view))")
        }
        let replayedOrder = cache.entries.lazy.filter { !$0.isRemoved }.map(\.id)
        assert(replayedOrder.elementsEqual(subviewsInDrawingOrder.lazy.map { ObjectIdentifier($0) }),
               "retained subview drawing out of drawing order")
    }
    #endif

    /// Whether a property that shapes this view's content (as the root of a layer: background,
    /// corner radius, bounds) or any property of a descendant is being animated.
    private func contentIsAnimating(asRoot: Bool) -> Bool {
        if backgroundColorSlot.isAnimating || cornerRadiusSlot.isAnimating || boundsSlot.isAnimating { return true }
        if !asRoot && (centerSlot.isAnimating || transformSlot.isAnimating || alphaSlot.isAnimating
                       || zPositionSlot.isAnimating || shadowOpacitySlot.isAnimating
                       || shadowOffsetSlot.isAnimating) { return true }
        for s in subviews where s.contentIsAnimating(asRoot: false) { return true }
        return false
    }

    /// The rasterized content and the scratch list it is compared against each frame.
    private final class LayerState {
        static let ids = Atomic<Int>(0)
        var content: LayerContent
        var scratch = DisplayList()
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
    private var layerState: LayerState?

    private func drawShadow(into list: inout DisplayList, context ctx: DrawingContext) {
        let (frame, t) = ctx.place(presentationBounds)
        let color = shadowColor.fading(min(1, presentationShadowOpacity) * ctx.alpha)
        guard color.alpha > 0.001 else { return }
        list.append(.shadow(rect: frame.offset(by: presentationShadowOffset), cornerRadius: presentationCornerRadius, blur: shadowRadius,
                            color: color, transform: t), z: ctx.z)
    }

    private func renderLayer(into list: inout DisplayList, context ctx: DrawingContext) {
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
        let (frame, t) = ctx.place(b)
        list.append(.layer(state.content, frame: frame, alpha: ctx.alpha, transform: t), z: ctx.z)
    }
}
