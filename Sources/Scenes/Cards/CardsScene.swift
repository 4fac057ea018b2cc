import Geometry
import Drawing
import Animation
import Gestures
import Layout
import Views

/// The `cards` scene: a horizontal carousel of city cards, each a generated picture of the city
/// over its name, country and the start of its description (``CardCell``). Click a card and it
/// expands to fill the view like a detail view (corners square off, the text reflows with the
/// growing width until the whole description shows, a close button fades in, its neighbours
/// slide 50 pt aside); its close button (not its body) collapses it. Drag a card vertically to
/// scrub the expansion and release to finish or turn back; press on a moving card to catch it;
/// drag sideways to scroll the carousel.
///
/// **Machinery.** One ``PropertyAnimator`` at a time animates the layout's ``CarouselLayout/expansion``
/// (0 ↔ 1) on the window's ``timeline``, which ``Window/tick(at:dt:)`` advances by `dt`. The
/// animator's *forward* direction is the toggle it was created for (expand a collapsed card,
/// collapse an expanded one); turning back sets `isReversed`. When it finishes, the model value
/// of the expansion (exactly 0 or 1) says whether the card is now open.
///
/// **Scrubbing.** A vertical pan on a card (its delegate begins only when |v.y| > |v.x|, so
/// sideways drags scroll the carousel) pauses the animator, creating one when none runs, and maps
/// the pointer to the expansion: dragging up by ``scrubDistance`` points opens the card by 1,
/// dragging down closes it (measured from where the pan began, so nothing jumps). On release a
/// vertical velocity picks the direction (up opens, down closes; the refined variant only beyond ``flickVelocity``);
/// slower releases keep the direction of travel; then `continueAnimation(withTimingParameters:
/// nil, durationFactor: 0)`. A cancelled pan (Escape, focus loss) turns back to where the
/// animator started. A press on a running card pauses it at once (grab, through ``grabPress``);
/// if no pan follows, the release resumes it, and a click on it reverses it.
///
/// **Timing.** Each new animator uses the current ``curve`` and ``duration`` (or, for the spring,
/// mass/stiffness/damping/velocity, which set their own duration); a running animator keeps the
/// timing it was created with.
public final class CardsScene: HostedScene, CollectionViewDataSource, GestureRecognizerDelegate {
    public let kind = SceneKind.cards
    public let instructions = "Click a card to open or close it · drag it up or down to scrub · drag sideways to scroll · C: curve"
    /// The help card's scene part: mouse gestures, then the scene's keys.
    public var help: SceneHelp {
        SceneHelp(gestures: [
            HelpLine("click a card", "open it (the animator runs the chosen curve)"),
            HelpLine("click ×", "close the open card (or drag it down)"),
            HelpLine("drag up / down", "scrub the opening; release finishes by velocity"),
            HelpLine("grab in flight", "interrupt the animation and scrub from there"),
            HelpLine("drag sideways", "scroll the carousel (it pages to a card)"),
            HelpLine("Esc", "turn an opening card back, or close it"),
        ], keys: SceneHelp.parameterKeys(parameters))
    }

    /// Size of a card in the carousel, points: 250 × 350.
    public static let cardSize = Size(width: 250, height: 350)
    /// Gap between cards, points: 20.
    public static let cardSpacing = 20.0
    /// Vertical pointer travel that scrubs the whole expansion, points: the source's
    /// `popupOffset`, (view height − card height) / 2 (210 in the default window), at least 50.
    public var scrubDistance: Double { max(50, (host.contentFrame.height - Self.cardSize.height) / 2) }
    /// Refined variant: the vertical release speed beyond which a release picks the direction,
    /// points per second: 100 (slower releases continue the way the card was going). The seed
    /// variant takes the direction from any non-zero vertical velocity, as the source does.
    public static let flickVelocity = 100.0

    /// The cities, one card each.
    public let cities: [City]
    /// The window the scene lives in (``HostedScene``).
    public let host: SceneHost
    /// The carousel.
    public let collectionView: CollectionView
    /// The carousel layout (exposed for tests).
    public let layout = CarouselLayout()
    /// The clock of the scene's property animators: the window's ``Window/timeline``, which the
    /// window advances in ``update(time:dt:)`` (first in the frame, before the gesture timers and the views).
    public var timeline: AnimationTimeline { host.window.timeline }
    /// The animator expanding or collapsing a card, nil when every card is at rest.
    public private(set) var animator: PropertyAnimator?
    /// Whether ``animator`` was created to expand (true) or to collapse (false) its card.
    public private(set) var animatorExpands = false
    /// The vertical pan that scrubs a card.
    public let cardPan = PanGestureRecognizer()
    /// The click that opens and closes cards.
    public let cardTap = TapGestureRecognizer()
    /// The press that grabs a moving card: a long press of zero duration that begins as the button
    /// goes down and ends with the release (any movement), recognized together with every other
    /// recognizer and leaving the views their pointer sequence (`cancelsTouchesInView` false).
    public let grabPress = LongPressGestureRecognizer(minimumPressDuration: 0)
    /// The tunables (hotkeys C, U, M, T, D, V); the next animator reads them.
    public private(set) var tunables = CardsTunables()
    public private(set) var parameters = CardsTunables().parameters
    /// Seed (the source's): plain cards, and any vertical release velocity picks the direction.
    /// Refined: the carousel shrinks and fades cards toward the sides, and releases slower than
    /// ``flickVelocity`` continue the way the card was going.
    public var variant = SceneVariant.seed {
        didSet { layout.isPlain = variant == .seed; layout.invalidateLayout() }
    }
    public var variantDescription: String {
        variant == .seed ? "plain cards; any vertical release velocity picks the direction (the source's)"
                         : "cards shrink and fade toward the sides; slow releases keep their direction"
    }
    /// While scrubbing: the fraction complete and the pointer's y translation when the pan began,
    /// and whether raising the fraction opens the card.
    private var scrub: (fraction: Double, translation: Double, opens: Bool)?
    private var pointerHeld = false

    /// Creates the scene with `cities` (default ``City/samples``) in a window of `size` points.
    public init(cities: [City] = City.samples, size: Size = Size(width: 1280, height: 800)) {
        self.cities = cities
        host = SceneHost(size: size)
        layout.configure(cardSize: Self.cardSize, spacing: Self.cardSpacing, viewSize: host.contentFrame.size)
        collectionView = CollectionView(frame: host.contentFrame, collectionViewLayout: layout)
        collectionView.register(CardCell.self, forCellWithReuseIdentifier: CardCell.reuseIdentifier)
        // Clicks open cards (cardTap); they do not select. The selection tap would win the arena.
        collectionView.allowsSelection = false
        collectionView.selectionTapRecognizer.isEnabled = false
        collectionView.dataSource = self
        host.window.rootView.addSubview(collectionView)
        cardPan.name = "CardsScene.pan"
        cardPan.delegate = self
        cardPan.addTarget { [weak self] r in self?.panChanged(r as! PanGestureRecognizer) }
        collectionView.addGestureRecognizer(cardPan)
        cardTap.name = "CardsScene.tap"
        cardTap.addTarget { [weak self] r in self?.tapped(r) }
        collectionView.addGestureRecognizer(cardTap)
        grabPress.name = "CardsScene.grab"
        grabPress.allowableMovement = .infinity
        grabPress.cancelsTouchesInView = false
        grabPress.delegate = self
        grabPress.addTarget { [weak self] r in self?.grabChanged(r) }
        // Added last, so at the release it ends after the pan and the tap have handled the up.
        collectionView.addGestureRecognizer(grabPress)
        host.window.escapeHandler = { [weak self] cancelled, _ in self?.escape(cancelledGesture: cancelled) ?? false }
    }

    // MARK: State

    /// The card that is open, opening or closing, or nil.
    public var expandedIndexPath: IndexPath? { layout.expandedIndexPath }
    /// How far that card is open now (presentation value; 0 when none is).
    public var expansion: Double { layout.expandedIndexPath == nil ? 0 : layout.expansion.presentationValue }
    /// The timing curve the next animator uses.
    public var curve: TimingCurveChoice { TimingCurveChoice(rawValue: Int(tunables.curve)) ?? .easeInOut }
    /// The timing parameters the next animator uses.
    public var timingParameters: TimingParameters {
        curve.timingParameters(mass: tunables.mass, stiffness: tunables.stiffness, damping: tunables.damping,
                               velocity: tunables.velocity)
    }
    /// Says so when the spring curve would take absurdly long to settle and its animation is cut
    /// to ``SpringTimingParameters/maximumSettlingDuration``.
    public var parameterNotice: String? {
        guard case let .spring(s) = timingParameters, s.isSettlingDurationCapped else { return nil }
        return "this spring settles in \(readableDuration(s.uncappedSettlingDuration)): its animation is capped at "
            + readableDuration(SpringTimingParameters.maximumSettlingDuration)
    }
    /// Whether the animator's current direction of travel opens the card.
    public var isOpening: Bool { animator.map { animatorExpands != $0.isReversed } ?? false }


    // MARK: Opening and closing

    /// Expands the card at `indexPath` with a new animator, when no card is open or moving.
    public func expand(_ indexPath: IndexPath) {
        guard animator == nil, layout.expandedIndexPath == nil, indexPath.item < cities.count else { return }
        makeAnimator(for: indexPath, expanding: true).startAnimation()
    }

    /// Collapses the open card with a new animator, when it is at rest.
    public func collapse() {
        guard animator == nil, let ip = layout.expandedIndexPath else { return }
        makeAnimator(for: ip, expanding: false).startAnimation()
    }

    /// A new (inactive) animator that toggles the card at `indexPath`; the carousel stops
    /// scrolling until it has finished.
    private func makeAnimator(for indexPath: IndexPath, expanding: Bool) -> PropertyAnimator {
        layout.expandedIndexPath = indexPath
        collectionView.stopScrolling()
        let a = PropertyAnimator(duration: tunables.duration, timingParameters: timingParameters, timeline: timeline)
        let target = expanding ? 1.0 : 0.0
        a.addAnimations { [layout] in layout.expansion.value = target }
        a.addCompletion { [weak self] _ in self?.animatorDidFinish() }
        animator = a
        animatorExpands = expanding
        return a
    }

    /// The source's order: the carousel stops scrolling when the expansion *completes* and
    /// scrolls again when the collapse completes.
    private func animatorDidFinish() {
        animator = nil
        // The model value is exactly where the animator ended: 0 closed, 1 open.
        if layout.expansion.value == 0 {
            layout.expandedIndexPath = nil
            collectionView.isScrollEnabled = true
        } else {
            collectionView.isScrollEnabled = false
        }
    }

    /// The cell of the card that is open, opening or closing, if it is on screen.
    private var openCardCell: CardCell? {
        layout.expandedIndexPath.flatMap { collectionView.cellForItem(at: $0) as? CardCell }
    }

    /// Whether the open card's × button shows pressed (the pointer is held on it).
    public var isCloseButtonPressed: Bool { openCardCell?.isClosePressed ?? false }

    /// Shows the open card's × pressed (or not), while the pointer is held on it.
    private func setClosePressed(_ pressed: Bool) { openCardCell?.isClosePressed = pressed }

    /// Whether window point `p` lies on the open card's × button.
    private func isOnCloseButton(windowPoint p: Point) -> Bool {
        guard let button = openCardCell?.closeButton else { return false }
        return button.presentationAlpha > 0.5 && button.bounds.contains(button.convert(p, from: nil))
    }

    /// The card under window point `p`, or nil.
    private func card(atWindowPoint p: Point) -> IndexPath? {
        collectionView.indexPathForItem(at: collectionView.convert(p, from: nil))
    }

    /// Resumes an animator left paused by a grab once nothing holds it any more.
    private func resumeIfReleased() {
        guard let a = animator, a.state == .active, !a.isRunning, !pointerHeld, scrub == nil else { return }
        a.continueAnimation(withTimingParameters: nil, durationFactor: 0)
    }

    // MARK: Gestures

    private func tapped(_ r: GestureRecognizer) {
        guard r.state == .ended, let ip = collectionView.indexPathForItem(at: r.location(in: collectionView)) else { return }
        if let a = animator {
            // A click on the moving card turns it back (the release then resumes it).
            guard ip == layout.expandedIndexPath else { return }
            a.isReversed.toggle()
        } else if layout.expandedIndexPath != nil {
            // An open card's body is not a tap target: its × button closes it (as does a
            // downward pan).
            if isOnCloseButton(windowPoint: r.location(in: nil)) { collapse() }
        } else {
            expand(ip)
        }
    }

    /// Grab: a press on the moving card stops it where it is; the release (or a cancel) resumes an
    /// animator left paused once nothing holds it.
    private func grabChanged(_ r: GestureRecognizer) {
        switch r.state {
        case .began:
            pointerHeld = true
            if let a = animator, a.isRunning, let ip = card(atWindowPoint: r.location(in: nil)), ip == layout.expandedIndexPath {
                a.pauseAnimation()
            }
            if animator == nil, isOnCloseButton(windowPoint: r.location(in: nil)) { setClosePressed(true) }
        case .ended, .cancelled:
            pointerHeld = false
            setClosePressed(false)
            resumeIfReleased()
        default:
            break
        }
    }

    private func panChanged(_ r: PanGestureRecognizer) {
        let ty = r.translation(in: collectionView).dy
        switch r.state {
        case .began:
            let start = r.location(in: collectionView) - r.translation(in: collectionView)
            guard let ip = collectionView.indexPathForItem(at: start) else { return }
            let a = animator ?? makeAnimator(for: ip, expanding: layout.expandedIndexPath == nil)
            a.pauseAnimation()
            scrub = (a.fractionComplete, ty, animatorExpands != a.isReversed)
        case .changed:
            guard let a = animator, let s = scrub else { return }
            let opened = -(ty - s.translation) / scrubDistance
            a.fractionComplete = s.fraction + (s.opens ? opened : -opened)
        case .ended:
            guard let a = animator, scrub != nil else { return }
            scrub = nil
            let vy = r.velocity(in: collectionView).dy
            var open = isOpening
            let threshold = variant == .seed ? 0 : Self.flickVelocity
            if vy < -threshold { open = true } else if vy > threshold { open = false }
            if open != isOpening { a.isReversed.toggle() }
            a.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        case .cancelled:
            guard let a = animator, scrub != nil else { return }
            scrub = nil
            a.isReversed = true   // back to where the animator started
            a.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        default:
            break
        }
    }

    /// The card pan begins only for mainly vertical motion (|v.y| > |v.x|) that started on a card
    /// (the open card, while one is open).
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard gestureRecognizer === cardPan else { return true }
        var v = cardPan.velocity(in: collectionView)
        if v.dx == 0 && v.dy == 0 { v = cardPan.translation(in: collectionView) }
        guard abs(v.dy) > abs(v.dx) else { return false }
        let start = cardPan.location(in: collectionView) - cardPan.translation(in: collectionView)
        guard let ip = collectionView.indexPathForItem(at: start) else { return false }
        return layout.expandedIndexPath == nil || ip == layout.expandedIndexPath
    }

    /// The grab press is recognized together with every other recognizer.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        gestureRecognizer === grabPress || other === grabPress
    }

    // MARK: Scene


    /// Stores the value; the next animator uses it (a running one keeps its timing).
    public func setParameter(_ name: String, to value: Double) {
        guard tunables.set(name, to: value) != nil else { return }
        parameters = tunables.parameters
    }

    public func resize(to size: Size, contentFrame: Rect) {
        host.resize(to: size, contentFrame: contentFrame)
        collectionView.frame = host.contentFrame
        layout.configure(cardSize: Self.cardSize, spacing: Self.cardSpacing, viewSize: host.contentFrame.size)
    }

    /// The window's Escape hook. The window has already cancelled a gesture in progress (a scrub,
    /// whose pan turns the card back); otherwise Escape turns an opening card back, or closes the
    /// open card.
    private func escape(cancelledGesture: Bool) -> Bool {
        if cancelledGesture {
            pointerHeld = false
            resumeIfReleased()
            return true
        }
        if let a = animator {
            if isOpening { a.isReversed.toggle() }
            if !a.isRunning { pointerHeld = false; resumeIfReleased() }
            return true
        }
        guard layout.expandedIndexPath != nil else { return false }
        collapse()
        return true
    }

    /// Runs the window's frame (``SceneHost/update(time:dt:)``): the timeline with the card animator,
    /// gesture timers, scrolling, layout.
    public func update(time: Double, dt: Double) {
        host.update(time: time, dt: dt)
    }

    public var status: SceneStatus {
        SceneStatus(animatorRunning: animator?.isRunning ?? false, itemsInMotion: animator?.isRunning == true ? 1 : 0,
                    behaviors: 0)
    }

    /// The timing curve of the running animator (or of the next one), with the animator's
    /// position (time fraction, progress) while one exists.
    public var plot: ScenePlot? {
        if let a = animator { return .timing(a.timingParameters, position: Point(x: a.timeFraction, y: a.progress)) }
        return .timing(timingParameters, position: nil)
    }

    /// E: the card animator's timing (of the running animator, else the next one's): its spring
    /// (mass, stiffness, damping, velocity; a damping-ratio spring as the one it fits over the
    /// scene's `duration`) or its cubic curve over `duration`.
    public var motionExport: MotionExport? {
        guard case .timing(let timing, _)? = plot else { return nil }
        switch timing {
        case .spring(let spring):
            return MotionExport(spring: SpringConversion(spring.resolved(forDuration: tunables.duration)),
                                origin: "Kinetic \(name) scene: the card animator's spring")
        case .cubic(let curve):
            return MotionExport(curve: curve, duration: tunables.duration, origin: "Kinetic \(name) scene: the card animator's curve")
        }
    }

    public func dump() -> SceneDump {
        let items = host.dumpItems(collectionView, label: { [cities] ip in
            cities.indices.contains(ip.item) ? cities[ip.item].name : String(ip.item)
        })
        return SceneDump(animatorRunning: animator?.isRunning ?? false, items: items)
    }

    // MARK: Data source

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { cities.count }

    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: CardCell.reuseIdentifier, for: indexPath) as! CardCell
        cell.carousel = layout
        cell.configure(with: cities[indexPath.item])
        return cell
    }
}
