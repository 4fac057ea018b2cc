import Geometry
import Drawing
import Animation
import Gestures
import Layout
import Views

/// The `exchange` scene: a team line-up in sections. Long-press a name (0.15 s) to catch it: a
/// snapshot blinks to 1.2× and follows the pointer; every name you hover swaps with it (the
/// previous swap is undone first) and the displaced name shows dimmed; release and the snapshot
/// flies into place, blinks and fades. Escape or focus loss cancels and restores the line-up.
/// Locked names cannot be caught or displaced. Near the top or bottom edge the view scrolls by
/// itself. By keyboard: arrows move a focus ring, Space catches and drops, Escape cancels.
///
/// The exchanges follow ``ExchangeController`` exactly; the scene is its delegate and keeps
/// ``model`` and the collection view in step with every exchange it reports.
public final class ExchangeScene: HostedScene {
    /// The command-line name, `exchange`.
    public let kind = SceneKind.exchange
    /// The line shown under the title.
    public let instructions = "Long-press a name, drag it onto another to exchange · arrows, Space: by keyboard · Esc cancels"
    /// The help card's scene part: mouse gestures, then the scene's keys.
    public var help: SceneHelp {
        SceneHelp(gestures: [
            HelpLine("long-press", "catch a name (0.15 s): a snapshot lifts"),
            HelpLine("drag over", "each name hovered exchanges with the caught one"),
            HelpLine("release", "drop: the arrangement is saved (--data)"),
            HelpLine("Esc / leave", variant == .seed
                     ? "cancel (or leave the window): restored, shown again after 0.5 s"
                     : "cancel (or leave the window): the names fly back"),
            variant == .seed
                ? HelpLine("seed", "the source's: no scrolling while a name is held")
                : HelpLine("near an edge", "the list scrolls by itself"),
        ], keys: [
            HelpLine("arrows", "move the focus ring"),
            HelpLine("Space", "catch / drop the focused name"),
        ] + SceneHelp.parameterKeys(parameters))
    }

    /// The line-up in its current order (during a transaction: as the user sees it now).
    public internal(set) var model: ExchangeModel
    /// Called after each completed exchange transaction (a release, by pointer or keyboard) with
    /// the new model; the app saves the data file here. Not called for a cancel.
    public var onTransactionFinished: ((ExchangeModel) -> Void)?

    /// The window the scene lives in (``HostedScene``).
    public let host: SceneHost
    /// The collection view showing the names.
    public let collectionView: CollectionView
    /// The layout: hides the dragged item's place and dims the displaced item.
    public let layout = ExchangeLayout()
    /// The exchange logic; this scene is its delegate.
    public let controller = ExchangeController()
    /// The long press that catches a name (0.15 s, 10 pt).
    public let longPress = LongPressGestureRecognizer()
    /// The clock of the snapshot's animations: the window's ``Window/timeline``, which the window
    /// advances in ``update(time:dt:)`` (after the controller's reload timer and auto-scroll,
    /// before the gesture timers and the views).
    public var timeline: AnimationTimeline { host.window.timeline }
    /// The floating copy of the caught cell (a subview of the collection view), or nil.
    public var snapshot: View? { snapshots.snapshot }
    /// The snapshot's choreography (catch blink, follow, glide, release flight, fade).
    private(set) lazy var snapshots = ExchangeSnapshotAnimator(timeline: timeline) { [unowned self] in self.animationDuration }
    /// The item with the keyboard focus ring, or nil before the keyboard was used.
    public internal(set) var focusedIndexPath: IndexPath?
    /// Whether the transaction in progress was started by the keyboard (Space).
    public internal(set) var isKeyboardTransaction = false

    /// Distance from the top or bottom edge of the view within which a transaction auto-scrolls,
    /// in points (the collection view's ``ScrollView/autoScrollEdgeInset``). Default 40.
    public var autoScrollEdgeInset: Double {
        get { collectionView.autoScrollEdgeInset }
        set { collectionView.autoScrollEdgeInset = newValue }
    }
    /// Auto-scroll speed with the pointer at (or past) the edge, in points per second; it falls
    /// linearly to 0 at ``autoScrollEdgeInset`` from the edge (the collection view's
    /// ``ScrollView/autoScrollMaximumSpeed``). Default 800.
    public var autoScrollMaximumSpeed: Double {
        get { collectionView.autoScrollMaximumSpeed }
        set { collectionView.autoScrollMaximumSpeed = newValue }
    }
    /// Scale of the snapshot's blink when caught. Default 1.2.
    public var blinkToScaleForCatch = 1.2
    /// Scale of the snapshot's blink when released. Default 1.05.
    public var blinkToScaleForRelease = 1.05
    /// Opacity of the seed's snapshot (the source's `snapshotAlpha`). Default 0.8.
    public var snapshotAlpha = 0.8
    /// Background of the seed's snapshot, in place of the cell's colour (the source's
    /// `snapshotBackgroundColor`, `UIColor.darkGrayColor`: white 1/3). Default ``Color/darkGray``.
    public var snapshotBackgroundColor = Color.darkGray

    /// The tunables (hotkeys A, O, K), applied as they change.
    public private(set) var tunables = ExchangeTunables()
    public private(set) var parameters = ExchangeTunables().parameters
    /// Seed (the source's): the snapshot is the caught cell over dark grey at 0.8
    /// (``snapshotBackgroundColor``, ``snapshotAlpha``); a cancel restores the model and removes
    /// the snapshot at once but leaves the view as it was until the reload 0.5 s later; nothing
    /// scrolls while a name is held. Refined: the held name is lifted (opaque, lighter,
    /// ``ExchangeCell/lifted``); a cancel animates the names back at once; the list scrolls by
    /// itself near the top and bottom edges.
    public var variant = SceneVariant.seed
    public var variantDescription: String {
        variant == .seed ? "the source's: grey snapshot at 0.8, a cancel shows the line-up again after 0.5 s, no scrolling"
                         : "a lifted snapshot, a cancel animates the names back, the list scrolls at the edges"
    }
    /// Exchanges reported by the controller during the current event, for the view.
    var pendingExchanges: [(IndexPath, IndexPath)] = []
    /// A refused catch cancels the long press on the next frame (not inside its own handler).
    var longPressNeedsReset = false
    /// Auto-scrolls near the edges, as a window stepper.
    private lazy var autoScroller = ExchangeAutoScroller(scene: self)

    /// Seconds per animation segment (exchange, blink halves, flight, fade). Default 0.2.
    public var animationDuration: Double { parameter("animationDuration")?.value ?? 0.2 }

    /// Creates the scene showing `model` (default ``ExchangeModel/sample``) in a window of `size` points.
    public init(model: ExchangeModel = .sample, size: Size = Size(width: 1280, height: 800)) {
        self.model = model
        host = SceneHost(size: size)
        layout.itemSize = Size(width: 136, height: 52)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        layout.sectionInset = EdgeInsets(top: 4, left: 16, bottom: 18, right: 16)
        layout.headerReferenceSize = Size(width: 0, height: 34)
        collectionView = CollectionView(frame: host.contentFrame, collectionViewLayout: layout)
        collectionView.register(ExchangeCell.self, forCellWithReuseIdentifier: ExchangeCell.reuseIdentifier)
        collectionView.allowsSelection = false
        collectionView.batchUpdateAnimationDuration = tunables.animationDuration
        collectionView.dataSource = self
        host.window.rootView.addSubview(collectionView)
        controller.delegate = self
        longPress.minimumPressDuration = tunables.minimumPressDuration
        longPress.name = "ExchangeScene.longPress"
        longPress.addTarget { [weak self] r in self?.longPressChanged(r) }
        collectionView.addGestureRecognizer(longPress)
        host.window.escapeHandler = { [weak self] cancelled, _ in self?.escape(cancelledGesture: cancelled) ?? false }
        collectionView.selectionTapRecognizer.require(toFail: longPress)
        // A catch must not also scroll.
        collectionView.panGestureRecognizer.require(toFail: longPress)
        // First in the window's frame, in the order the scene used to run them before the tick.
        host.window.addStepper(controller, phase: .beforeTimeline)
        host.window.addStepper(autoScroller, phase: .beforeTimeline)
    }

    deinit {
        // The window belongs to this scene, but whoever still holds it must not step a dead scene.
        host.window.removeStepper(controller)
        host.window.removeStepper(autoScroller)
    }

    /// Whether the list may scroll while a name is held: by itself near the top or bottom edge
    /// (``autoScrollEdgeInset``), with the wheel, or to show the keyboard's focus. Refined only;
    /// the seed follows the source's controller, which "does not support scrolling".
    public var scrollsDuringTransactions: Bool { variant == .refined }

    /// Whether a pointer (long-press) transaction is in progress.
    public var isPointerTransaction: Bool { controller.isExchangeTransactionInProgress && !isKeyboardTransaction }

    // MARK: Hit-testing

    /// The item whose layout frame contains `point` (content coordinates), or nil. Uses the layout's
    /// final places, not the cells in flight, as UIKit's `indexPathForItem(at:)` does: an exchange
    /// animating under a still pointer must not count as hovering the item passing by.
    public func indexPathForItem(atContentPoint point: Point) -> IndexPath? {
        let probe = Rect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
        for a in layout.layoutAttributesForElements(in: probe) where a.representedElementCategory == .cell && a.frame.contains(point) {
            return a.indexPath
        }
        return nil
    }

    // MARK: Catch, release, cancel

    /// Shows the snapshot of the item at `ip` (caught with the pointer at `p`, content coordinates)
    /// and hides the item under it.
    func catchItem(at ip: IndexPath, pointer p: Point) {
        snapshots.tearDown()
        resetDimmedRecovery()
        guard let a = layout.layoutAttributesForItem(at: ip) else { return }
        layout.hiddenIndexPath = ip
        layout.dimmedIndexPath = ip
        // The snapshot is an image of the cell as shown (its name, even where a seed cancel left
        // the view behind the model).
        let text = displayedName(at: ip)
        if variant == .seed {
            // The source's: the cell drawn with `snapshotBackgroundColor` in place of its own
            // colour, the whole at `snapshotAlpha`.
            snapshots.catchSnapshot(of: a, text: text, cellColor: nil, textColor: ExchangeCell.nameColor,
                                    in: collectionView, pointer: p, alpha: snapshotAlpha,
                                    backgroundColor: snapshotBackgroundColor, blinkScale: blinkToScaleForCatch)
        } else {
            // Lifted, not disabled: opaque, lighter than the names at rest, in white.
            snapshots.catchSnapshot(of: a, text: text, cellColor: ExchangeCell.lifted, textColor: .white,
                                    in: collectionView, pointer: p, alpha: 1,
                                    backgroundColor: .clear, blinkScale: blinkToScaleForCatch)
        }
    }

    /// The user dropped the item: the controller finishes (the delegate reports the new model) and
    /// the snapshot flies into place, blinks, shows the item again and fades out.
    func release() {
        guard let (p, _) = controller.finishExchangeTransaction() else { return }
        isKeyboardTransaction = false
        guard snapshot != nil, let target = layout.layoutAttributesForItem(at: p)?.center else {
            layout.hiddenIndexPath = nil; layout.dimmedIndexPath = nil
            snapshots.tearDown()
            return
        }
        // The source's release: while the snapshot flies into place, the cell at the caught
        // item's original index path fades back to full opacity; the long press stays disabled
        // until the snapshot has faded out (``update(time:dt:)`` enables it again).
        let fade = PropertyAnimator(duration: animationDuration, curve: .easeInOut, timeline: timeline) { [layout] in
            layout.dimmedRecovery.value = 1
        }
        dimmedFade = fade
        fade.startAnimation()
        longPress.isEnabled = false
        releasing = true
        snapshots.release(to: target, blinkScale: blinkToScaleForRelease) { [weak self] in
            guard let self else { return }
            self.layout.hiddenIndexPath = nil
            self.layout.dimmedIndexPath = nil
            self.resetDimmedRecovery()
        }
    }

    /// The fade of the dimmed item during a release, while it runs.
    private var dimmedFade: PropertyAnimator?
    /// Whether a release's snapshot is still on screen (the long press waits for it).
    private var releasing = false

    /// Stops the dimmed item's fade and sets it back to 0 (no item is dimmed, or a new catch).
    func resetDimmedRecovery() {
        if let f = dimmedFade, f.state == .active { f.stopAnimation(true) }
        dimmedFade = nil
        layout.dimmedRecovery.value = 0
    }

    /// Cancels the transaction in progress (pointer or keyboard); the delegate restores the model.
    func cancel() {
        controller.cancelExchangeTransaction()
    }

    // MARK: Scene

    /// `animationDuration` (s, key A), `alphaForDisplacedItem` (key O), `minimumPressDuration` (s, key K).

    /// Sets a parameter (clamped) and applies it at once: batch-update duration and snapshot
    /// segments, the layout's displaced alpha, the long press's duration.
    public func setParameter(_ name: String, to value: Double) {
        guard tunables.set(name, to: value) != nil else { return }
        parameters = tunables.parameters
        collectionView.batchUpdateAnimationDuration = tunables.animationDuration
        if layout.alphaForDisplacedItem != tunables.alphaForDisplacedItem { layout.alphaForDisplacedItem = tunables.alphaForDisplacedItem }
        longPress.minimumPressDuration = tunables.minimumPressDuration
    }

    /// Pointer input goes to the window (the long press, scrolling). Space and the arrows are used
    /// here and return true; Escape goes to the window, which cancels a pointer transaction's long
    /// press, then to ``escape(cancelledGesture:)``; other keys return false. Focus loss cancels a
    /// transaction; the pointer leaving the window cancels a pointer transaction.
    @discardableResult
    public func handle(_ input: InputEvent) -> Bool {
        switch input {
        case .key(let e) where e.phase == .down && e.modifiers.isEmpty:
            switch e.key {
            case "space":
                keyboardSpace()
                return true
            case "left", "right", "up", "down":
                keyboardArrow(e.key)
                return true
            default:
                return host.handle(input)
            }
        case .focusLost(let t):
            cancelPointerSequence(at: t)
            cancel()
            return true
        case .pointerExited(let t):
            guard isPointerTransaction else { return host.handle(input) }
            cancelPointerSequence(at: t)
            cancel()
            return true
        case .scroll where !scrollsDuringTransactions && controller.isExchangeTransactionInProgress:
            // Seed: the source's controller supports no scrolling while a name is held.
            return true
        case .pointer(let e) where isPointerTransaction && e.phase != .down
                                   && !Rect(origin: .zero, size: host.window.size).contains(e.location):
            // While the button is held, SDL keeps reporting the pointer outside the window (it
            // captures the mouse) instead of saying it left: leaving the window cancels, and a
            // release out there completes nothing.
            cancelPointerSequence(at: e.timestamp)
            cancel()
            return true
        default:
            return host.handle(input)
        }
    }

    /// The window's Escape hook: the window has already cancelled a pointer transaction's long
    /// press (which cancels the transaction); a keyboard transaction is cancelled here. Either way
    /// the delegate restores the model. Unused when no transaction was in progress.
    private func escape(cancelledGesture: Bool) -> Bool {
        guard controller.isExchangeTransactionInProgress else { return false }
        cancel()
        return true
    }

    /// Cancels the pointer sequence (the long press reports `cancelled`, which cancels a pointer
    /// transaction; the arena resets it for the next press).
    private func cancelPointerSequence(at time: Double) {
        host.window.cancelPointerSequence(at: time)
        longPress.cancel()
    }

    /// Resets a refused long press and re-enables it after a release, then runs the window's frame
    /// (``SceneHost/update(time:dt:)``): first its ``Views/FrameStepperPhase/beforeTimeline``
    /// steppers, the controller's reload timer (``ExchangeController/advance(by:)``) and the edge
    /// auto-scroll (``ExchangeAutoScroller``), by `dt`; then the timeline with the snapshot's and
    /// the exchanges' animations by `dt`, gesture timers to `time`, scrolling and the views by `dt`.
    public func update(time: Double, dt: Double) {
        if longPressNeedsReset {
            longPressNeedsReset = false
            longPress.cancel()
        }
        if releasing && snapshots.snapshot == nil {
            releasing = false
            longPress.isEnabled = true
        }
        host.update(time: time, dt: dt)
    }

    /// The window's answer (``Views/Window/needsFrame``: snapshot and batch-update animations on
    /// the timeline, scrolling, a pending long press, and the scene's steppers: the controller's
    /// pending reload (``ExchangeController/pendingReloadDelay``) and, while a name is held by the
    /// pointer, auto-scrolling near the edges) plus the scene's own state: a long press waiting to
    /// be reset, a release's snapshot still on screen.
    public var needsFrame: Bool {
        host.needsFrame || longPressNeedsReset || releasing
    }

    /// The name the cell at `ip` shows, or the model's when it has no cell. The two differ only
    /// for the 0.5 s a seed cancel leaves the view behind the restored model.
    public func displayedName(at ip: IndexPath) -> String {
        (collectionView.cellForItem(at: ip) as? ExchangeCell)?.label.text ?? model.name(at: ip) ?? ""
    }

    /// The visible cells (label = the name shown; hidden and alpha as the layout marks them) and
    /// the model.
    public func dump() -> SceneDump {
        let items = host.dumpItems(collectionView, label: { self.displayedName(at: $0) })
        return SceneDump(animatorRunning: status.animatorRunning, items: items, fields: [("model", .sections(model.sections))])
    }
}
