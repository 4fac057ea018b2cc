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
///
/// The class is split by feature: this file holds the stored state, the model and presentation
/// values, the hierarchy's storage and every method a subclass may override (Swift cannot
/// override a member declared in an extension). `View+Hierarchy.swift` adds and removes
/// subviews; `+Coordinates` converts points and rects; `+Layout` runs layout passes and frame
/// updates; `+DrawingOrder` orders subviews by z position; `+Drawing` walks the tree into a
/// display list; `+Rasterization` keeps a rasterized view's layer; `+RetainedDrawing` replays
/// unchanged subviews through their ``SubviewDrawingCache``.
open class View: GestureCoordinateSpace {
    // MARK: Animatable storage

    // The values live inline (``AnimatableSlot``); an ``AnimatableProperty`` is made for one only
    // when it is first changed inside an animations closure or asked for below.
    // `@exclusivity(unchecked)` here and on the other stored properties a frame reads for every
    // view (subviews, drawing order, `isHidden`; in CollectionView, ScrollView and
    // SubviewDrawingCache too): Swift's runtime exclusivity check costs about 5 ns per access of a
    // class's stored property, which made a springy frame's logic about a quarter slower.
    @exclusivity(unchecked) private var centerSlot: AnimatableSlot<Point>
    @exclusivity(unchecked) private var boundsSlot: AnimatableSlot<Rect>
    @exclusivity(unchecked) private var transformSlot = AnimatableSlot<AffineTransform>(.identity)
    @exclusivity(unchecked) private var alphaSlot = AnimatableSlot<Double>(1)
    @exclusivity(unchecked) private var backgroundColorSlot = AnimatableSlot<Color>(.clear)
    @exclusivity(unchecked) private var cornerRadiusSlot = AnimatableSlot<Double>(0)
    @exclusivity(unchecked) private var zPositionSlot = AnimatableSlot<Double>(0)
    @exclusivity(unchecked) private var shadowOpacitySlot = AnimatableSlot<Double>(0)
    @exclusivity(unchecked) private var shadowOffsetSlot = AnimatableSlot<Vector>(Vector(dx: 0, dy: -3))

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
    @exclusivity(unchecked) public var isHidden = false { didSet { if isHidden != oldValue { superviewNeedsDisplay() } } }
    /// Whether subviews are clipped to this view's bounds when drawn; default false.
    @exclusivity(unchecked) public var clipsToBounds = false { didSet { if clipsToBounds != oldValue { setNeedsDisplay() } } }
    /// Whether the view takes part in hit-testing; default true.
    public var isUserInteractionEnabled = true
    /// An integer to find the view by (``viewWithTag(_:)``); default 0.
    public var tag = 0


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
    @exclusivity(unchecked) public var shadowRadius = 3.0 { didSet { if shadowRadius != oldValue { superviewNeedsDisplay() } } }
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
    @exclusivity(unchecked) public var shadowColor = Color.black { didSet { if shadowColor != oldValue { superviewNeedsDisplay() } } }

    /// Whether the view and its subviews are drawn once into a texture and composited from it
    /// every frame (`CALayer.shouldRasterize`); default false. The content is drawn again only
    /// when it changes (a colour, a label's text, a subview, the size); moving, rotating,
    /// scaling or fading the view reuses the pixels. The content is cut at the view's bounds,
    /// and the view's opacity applies to the flattened layer (group opacity).
    @exclusivity(unchecked) public var shouldRasterize = false { didSet { if shouldRasterize != oldValue { setNeedsDisplay() } } }
    /// Whether the view's drawing covers its bounds (inside its rounded corners) with opaque
    /// pixels (`CALayer.isOpaque`): a promise that lets the compositor skip what lies under a
    /// rasterized view shown at full opacity. Default false (UIKit's `UIView.isOpaque` defaults
    /// to true but is only a drawing hint there; a false promise here shows stale pixels).
    @exclusivity(unchecked) public var isOpaque = false

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
    final var superviewRef: Unmanaged<View>?
    /// Child views, back to front (before ``zPosition`` ordering).
    @exclusivity(unchecked) public internal(set) var subviews: [View] = []
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

    // MARK: Stored state of the extensions (Swift extensions cannot hold stored properties)
    // Internal rather than private only because the extensions live in other files; `final`, as
    // `private` was, so nothing can override them and every access stays direct.

    /// The subviews in the order of the last ``subviewsInDrawingOrder`` (`View+DrawingOrder`).
    @exclusivity(unchecked) final var drawingOrder: [View] = []
    /// The index in ``subviews`` of each view of ``drawingOrder``.
    @exclusivity(unchecked) final var drawingOrderIndices: [Int] = []
    /// Scratch: the subviews' z positions while the drawing order is rebuilt.
    final var drawingZ: [Double] = []
    /// Bumped whenever ``subviews`` changes (the retained subview drawing is redone).
    final var subviewGeneration = 0
    /// Set when a subview's z position or the subviews changed since the last retained pass.
    final var drawingOrderMayHaveChanged = true

    /// Whether ``layoutSubviews()`` runs at the next ``layoutIfNeeded()`` (`View+Layout`).
    final var needsLayout = true
    /// Whether a descendant waits for layout: set on every ancestor by ``setNeedsLayout()``, so
    /// ``layoutIfNeeded()`` walks only the branches that need it, not every cell of a screenful
    /// twice a frame.
    final var descendantNeedsLayout = false

    /// Whether the window calls ``update(_:)`` on this view every frame while the view is in it
    /// (the role of a `CADisplayLink` a view keeps); default false. Opt-in, so a frame costs
    /// nothing for the hundreds of cells, content views and labels that have no time-driven
    /// state: walking every view of a screenful each frame only to call an empty method took a
    /// sixth of the drag scene's frame.
    public var wantsFrameUpdates = false {
        didSet { if wantsFrameUpdates != oldValue { updateFrameUpdateRegistration() } }
    }
    /// The window this view is registered with for ``update(_:)``.
    final weak var updatingWindow: Window?

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
    final var drawingEntry = -1
    /// The rasterized layer, made on the first draw with ``shouldRasterize`` (`View+Rasterization`).
    final var layerState: LayerState?

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

    // MARK: Overridable hooks

    /// Called before `bounds` changes to `newBounds` (``bounds`` still holds the old value), so a
    /// scroll view can show its layout the old and new bounds together. Default does nothing.
    open func boundsWillChange(to newBounds: Rect) {}

    /// Called after `bounds` changed (scrolling, resizing); subclasses may react. Default: relayout.
    open func boundsDidChange(from oldBounds: Rect) {
        if oldBounds.size != bounds.size { setNeedsLayout() }
    }

    /// Called after the view was added to or removed from a superview.
    open func didMoveToSuperview() {}

    /// Called on the view and every descendant after it was added to or removed from a view
    /// hierarchy (UIKit's `didMoveToWindow()`): ``window`` may be another one now, also when an
    /// ancestor, not the view itself, moved. Default does nothing.
    open func didMoveToWindow() {}

    /// Positions subviews; default does nothing. Called by ``layoutIfNeeded()``.
    open func layoutSubviews() {}

    /// Advances time-driven state by `dt` seconds (a collection view's batch-update animation);
    /// the ``Window`` calls it once per frame, after its steppers and before layout, on the views
    /// in it whose ``wantsFrameUpdates`` is true. Default does nothing.
    open func update(_ dt: Double) {}

    /// Whether this view runs an animation of its own, so the next frames must be drawn: one that
    /// ``update(_:)`` advances off the window's timeline, or one on it that the view reports too
    /// (a collection view's batch update). Read only on views with ``wantsFrameUpdates``.
    /// Default `false`; subclasses that animate override it.
    open var isAnimating: Bool { false }

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

    /// Draws the view's own content (not its subviews) into `list`; by default the background as
    /// a rounded rectangle. Subclasses call `super` and add to it.
    open func draw(into list: inout DisplayList, context: DrawingContext) {
        let color = presentationBackgroundColor
        guard color.alpha > 0 else { return }
        let (frame, t) = context.place(presentationBounds)
        list.append(.fill(rect: frame, cornerRadius: presentationCornerRadius, color: color,
                          alpha: context.alpha, transform: t), z: context.z)
    }

    // MARK: Animation state

    /// Whether an animation is changing this view's z position (and so the drawing order).
    var zPositionIsAnimating: Bool { zPositionSlot.isAnimating }

    /// Whether a property that shapes this view's content (as the root of a layer: background,
    /// corner radius, bounds) or any property of a descendant is being animated.
    final func contentIsAnimating(asRoot: Bool) -> Bool {
        if backgroundColorSlot.isAnimating || cornerRadiusSlot.isAnimating || boundsSlot.isAnimating { return true }
        if !asRoot && (centerSlot.isAnimating || transformSlot.isAnimating || alphaSlot.isAnimating
                       || zPositionSlot.isAnimating || shadowOpacitySlot.isAnimating
                       || shadowOffsetSlot.isAnimating) { return true }
        for s in subviews where s.contentIsAnimating(asRoot: false) { return true }
        return false
    }
}
