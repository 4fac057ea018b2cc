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
/// nil, durationFactor: 0)`.
///
/// **Seed** (the source document's cell, ``CardsScene+Source``): a click calls the source's
/// `toggle()`, which keeps the cell's own `state` (flipped only when an animation ends at its end)
/// and the collection view's selection (off from the end of an expansion to the end of the
/// collapse): a click on an opening card runs `expand()` again (no reversal: the neighbours slide
/// another 50 pt and the stored initial frame becomes the open one), a click on a closing card is
/// ignored. Only a pan pauses a moving card; a press that never becomes one changes nothing. A
/// cancelled pan (Escape, focus loss) leaves the card paused where the scrub left it (the source's
/// `default: ()`). ``scrubDistance`` is the window's.
///
/// **Refined:** a press on a running card pauses it at once (grab, through ``grabPress``); if no
/// pan follows, the release resumes it, and a click on it (shorter than ``grabHoldDuration``)
/// reverses it. A cancelled pan turns back to where the animator started.
///
/// **Timing.** Each new animator uses the current ``curve`` and ``duration`` (or, for the spring,
/// mass/stiffness/damping/velocity, which set their own duration); a running animator keeps the
/// timing it was created with.
public final class CardsScene: HostedScene {
    public let kind = SceneKind.cards
    public let instructions = "Click a card to open or close it · drag it up or down to scrub · drag sideways to scroll · C: curve"
    /// The help card's scene part: mouse gestures, then the scene's keys.
    public var help: SceneHelp {
        SceneHelp(gestures: [
            HelpLine("click a card", "open it (the animator runs the chosen curve)"),
            HelpLine("click ×", "close the open card (or drag it down)"),
            HelpLine("drag up / down", "scrub the opening; release finishes by velocity"),
        ] + (variant == .seed ? [
            HelpLine("click, opening", "the source's toggle(): opens again, neighbours slide 50 pt more"),
            HelpLine("click, closing", "ignored (selection is off until it has closed)"),
            HelpLine("drag in flight", "stops it and scrubs from there; a press alone does not"),
            HelpLine("drag sideways", "scroll the carousel (it pages to a card)"),
            HelpLine("Esc", "close or turn back; mid-scrub it stays paused where it is"),
        ] : [
            HelpLine("click in flight", "turn the moving card back"),
            HelpLine("hold in flight", "stop it; release to resume, or drag to scrub"),
            HelpLine("drag sideways", "scroll the carousel (it pages to a card)"),
            HelpLine("Esc", "turn an opening card back, or close it; mid-scrub, turn back"),
        ]), keys: SceneHelp.parameterKeys(parameters))
    }

    /// Size of a card in the carousel, points: 250 × 350.
    public static let cardSize = Size(width: 250, height: 350)
    /// Gap between cards, points: 20.
    public static let cardSpacing = 20.0
    /// Vertical pointer travel that scrubs the whole expansion, points: the source's
    /// `popupOffset`, (screen height − card height) / 2, at least 50. Seed: the screen is the
    /// window (225 in an 800-pt window, compare halves included). Refined: the view the card
    /// opens in (210 in the default window, under the 30-pt title line), so the whole way matches
    /// the room the card has.
    public var scrubDistance: Double {
        let screen = variant == .seed ? host.window.size.height : host.contentFrame.height
        return max(50, (screen - Self.cardSize.height) / 2)
    }
    /// Refined: a press on a moving card held at least this long is a grab, not a click: its
    /// release resumes the card instead of turning it back, seconds: 0.5 (UIKit's long-press
    /// default).
    public static let grabHoldDuration = 0.5
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
    /// Seed (the source's): plain cards, any vertical release velocity picks the direction, the
    /// source's `toggle()` on clicks, only a pan stops a moving card, a cancelled scrub stays
    /// paused, the window's height for ``scrubDistance``. Refined: the carousel shrinks and fades
    /// cards toward the sides, releases slower than ``flickVelocity`` continue the way the card
    /// was going, a click turns a moving card back and a press holds it, a cancelled scrub turns
    /// back, the content's height for ``scrubDistance``.
    public var variant = SceneVariant.seed {
        didSet { layout.isPlain = variant == .seed; layout.invalidateLayout() }
    }
    public var variantDescription: String {
        variant == .seed ? "the source's: plain cards, toggle() on clicks, only a drag stops a moving card"
                         : "cards shrink and fade; a click turns a moving card back, a press holds it"
    }
    /// While scrubbing: the fraction complete and the pointer's y translation when the pan began,
    /// and whether raising the fraction opens the card.
    var scrub: (fraction: Double, translation: Double, opens: Bool)?
    /// The last card animation's predicted and measured time to rest (the HUD's "to rest" line).
    var settling = SettlingWatch()
    /// Whether the card animator ran at the last frame (a start or a resume begins a new timing).
    private var wasAnimating = false
    var pointerHeld = false

    // The source's cell state (``CardsScene+Source``), kept in both variants so Z finds it right.
    /// The source cell's `state`: whether the open card counts as expanded. Only an animation that
    /// ends at its end flips it, once per `expand()` or `collapse()` that joined it.
    public internal(set) var sourceState = SourceState.collapsed
    /// The source's `collectionView.allowsSelection`: off from the end of an expansion to the end
    /// of the collapse. A seed click on a card counts only if it is on at the press and the release.
    public internal(set) var allowsCardSelection = true
    /// The source's `initialFrame`, stored by each `expand()` as where the card's frame stood then
    /// (``CarouselLayout/frameExpansion``: 0 in the carousel, 1 open); `collapse()` returns there.
    public internal(set) var initialFrameExpansion = 0.0
    /// Whether selection was allowed when the pointer went down (the source's highlight).
    var selectionAllowedAtPress = true
    /// When the pointer last went down and came up (the app's clock), for a refined click's length.
    var pressTime = 0.0, releaseTime = 0.0
    /// Set when a seed scrub was cancelled and left the animator paused; cleared when it moves on.
    var cancelledScrubPause = false

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
    public var curve: TimingCurveChoice { TimingCurveChoice(rawValue: Int(saturating: tunables.curve)) ?? .easeInOut }
    /// The timing parameters the next animator uses.
    public var timingParameters: TimingParameters {
        curve.timingParameters(mass: tunables.mass, stiffness: tunables.stiffness, damping: tunables.damping,
                               velocity: tunables.velocity, controlPoints: tunables.controlPoints)
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

    /// Expands the card at `indexPath` with a new animator, when no card is open or moving: the
    /// card opens, its neighbours slide ``CarouselLayout/neighbourOffset`` aside.
    public func expand(_ indexPath: IndexPath) {
        guard animator == nil, layout.expandedIndexPath == nil, indexPath.item < cities.count else { return }
        makeAnimator(for: indexPath, expanding: true, animations: setExpansion(to: 1)).startAnimation()
    }

    /// Collapses the open card with a new animator, when it is at rest: the card, its look and
    /// its neighbours all go back to the carousel (whatever the seed's source state left).
    public func collapse() {
        guard animator == nil, let ip = layout.expandedIndexPath else { return }
        makeAnimator(for: ip, expanding: false, animations: setExpansion(to: 0)).startAnimation()
    }

    /// Animations that move the look, the frame and the neighbours of the expanded card to `target`
    /// together (0 in the carousel, 1 open).
    func setExpansion(to target: Double) -> () -> Void {
        { [layout] in
            layout.expansion.value = target
            layout.frameExpansion.value = target
            layout.neighbourShift.value = target
        }
    }

    /// A new (inactive) animator that runs `animations` on the card at `indexPath`, opening it
    /// (`expanding`) or closing it; the carousel stops scrolling. When it finishes the source's
    /// completion for that direction runs too (``sourceAnimationsDidEnd(at:expanded:)``).
    func makeAnimator(for indexPath: IndexPath, expanding: Bool, animations: @escaping () -> Void) -> PropertyAnimator {
        layout.expandedIndexPath = indexPath
        collectionView.stopScrolling()
        cancelledScrubPause = false
        let a = PropertyAnimator(duration: tunables.duration, timingParameters: timingParameters, timeline: timeline)
        a.addAnimations(animations)
        a.addCompletion { [weak self] _ in self?.animatorDidFinish() }
        a.addCompletion { [weak self] position in self?.sourceAnimationsDidEnd(at: position, expanded: expanding) }
        animator = a
        animatorExpands = expanding
        return a
    }

    /// The animator finished. A card back in the carousel (every model value 0) is no longer the
    /// expanded one, and the carousel scrolls again. Otherwise the refined variant keeps the
    /// carousel still while a card is open; the seed leaves that to the source's completions (the
    /// source's order: scrolling stops when the expansion *completes*, resumes when the collapse
    /// completes, and an animation turned back changes neither).
    private func animatorDidFinish() {
        animator = nil
        cancelledScrubPause = false
        if layout.isClosedInModel {
            layout.expandedIndexPath = nil
            sourceState = .collapsed
            allowsCardSelection = true
            collectionView.isScrollEnabled = true
        } else if variant == .refined {
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
    func setClosePressed(_ pressed: Bool) { openCardCell?.isClosePressed = pressed }

    /// Whether window point `p` lies on the open card's × button (while it shows, unless
    /// `showing` is false: then wherever it is, faded or not).
    func isOnCloseButton(windowPoint p: Point, showing: Bool = true) -> Bool {
        guard let button = openCardCell?.closeButton else { return false }
        return (!showing || button.presentationAlpha > 0.5) && button.bounds.contains(button.convert(p, from: nil))
    }

    /// The card under window point `p`, or nil.
    func card(atWindowPoint p: Point) -> IndexPath? {
        collectionView.indexPathForItem(at: collectionView.convert(p, from: nil))
    }

    /// Resumes an animator left paused by a grab once nothing holds it any more (never one a
    /// cancelled seed scrub left paused).
    func resumeIfReleased() {
        guard let a = animator, a.state == .active, !a.isRunning, !pointerHeld, scrub == nil, !cancelledScrubPause else { return }
        a.continueAnimation(withTimingParameters: nil, durationFactor: 0)
    }

    /// Whether the animator stays paused because a seed scrub was cancelled (the source's
    /// `default: ()` leaves it where the scrub left it); a click, a scrub or Escape moves it on.
    public var isPausedByCancelledScrub: Bool {
        guard cancelledScrubPause, let a = animator else { return false }
        return a.state == .active && !a.isRunning
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
    /// whose pan turns the card back, or in the seed leaves it paused); otherwise Escape turns an
    /// opening card back (a paused one too), or closes the open card.
    private func escape(cancelledGesture: Bool) -> Bool {
        if cancelledGesture {
            pointerHeld = false
            resumeIfReleased()
            return true
        }
        if let a = animator {
            if isOpening { a.isReversed.toggle() }
            if !a.isRunning { pointerHeld = false; cancelledScrubPause = false; resumeIfReleased() }
            return true
        }
        guard layout.expandedIndexPath != nil else { return false }
        collapse()
        return true
    }

    /// Runs the window's frame (``SceneHost/update(time:dt:)``): the timeline with the card animator,
    /// gesture timers, scrolling, layout.
    public func update(time: Double, dt: Double) {
        // A card animation that starts or goes on (a click, a release of a scrub or a grab) is
        // timed to its end against the animator's own schedule.
        let running = animator?.isRunning ?? false
        if running && !wasAnimating, let a = animator { settling.release(predicted: a.remainingDuration, item: "card") }
        wasAnimating = running
        host.update(time: time, dt: dt)
        if settling.isTiming { settling.step(dt: dt, atRest: animator == nil) }
    }

    /// What runs: the card's property animator (running, paused or being scrubbed, which way,
    /// how far) and the carousel's scrolling, in the HUD's state line.
    public var status: SceneStatus {
        let running = animator?.isRunning ?? false
        let scrolling = collectionView.isDragging || collectionView.isDecelerating
        return SceneStatus(animatorRunning: running || scrub != nil || scrolling, itemsInMotion: running ? 1 : 0, behaviors: 0,
                           settling: settling.report, detail: statusDetail(scrolling: scrolling))
    }

    /// "card animator running · opening · 42 %", "… paused · closing · 63 % · scrubbing",
    /// "carousel coasting", "at rest".
    func statusDetail(scrolling: Bool) -> String {
        var parts: [String] = []
        if let a = animator {
            // How far open the card is: the animations' progress from closed to open (which may
            // overshoot past 100 % on a spring), not the animator's time fraction (the seed spring's
            // card is first fully open 1.2 s into its 69 s, when the time fraction is 2 %).
            let opening = animatorExpands != a.isReversed
            let openness = animatorExpands ? a.progress : 1 - a.progress
            parts.append("card animator \(a.isRunning ? "running" : "paused") · \(opening ? "opening" : "closing") · "
                         + "\(Int(saturating: (openness * 100).rounded())) % open")
            if scrub != nil { parts.append("scrubbing") }
        }
        if scrolling { parts.append(collectionView.isDragging ? "carousel dragged" : "carousel coasting") }
        return parts.isEmpty ? "at rest · no animator" : parts.joined(separator: " · ")
    }

    /// The timing curve of the running animator (or of the next one), with the animator's
    /// position (time fraction, progress) while one exists.
    public var plot: ScenePlot? {
        if let a = animator { return .timing(a.timingParameters, position: Point(x: a.timeFraction, y: a.progress)) }
        return .timing(timingParameters, position: nil)
    }

    /// E: the timing the HUD's rows describe (the next card animation's: a running one keeps
    /// the values it started with): its spring (mass, stiffness, damping, velocity; a
    /// damping-ratio spring as the one it fits over the scene's `duration`) or its cubic curve
    /// over `duration`.
    public var motionExport: MotionExport? {
        switch timingParameters {
        case .spring(let spring):
            return MotionExport(spring: SpringConversion(spring.resolved(forDuration: tunables.duration)),
                                origin: "Kinetic \(name) scene: the card animator's spring, as the HUD's rows set it")
        case .cubic(let curve):
            return MotionExport(curve: curve, duration: tunables.duration,
                                origin: "Kinetic \(name) scene: the card animator's curve, as the HUD's rows set it")
        }
    }

    public func dump() -> SceneDump {
        let items = host.dumpItems(collectionView, label: { [cities] ip in
            cities.indices.contains(ip.item) ? cities[ip.item].name : String(ip.item)
        })
        return SceneDump(animatorRunning: animator?.isRunning ?? false, items: items)
    }
}
