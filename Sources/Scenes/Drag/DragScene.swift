import Geometry
import Drawing
import Dynamics
import Gestures
import Layout
import Views

/// The `drag` scene: click cells to select them (red); long-press anywhere and drag, and every
/// selected cell follows the pointer on springs; release and they spring home; when the animator
/// comes to rest the drag state clears. In the seed variant (the source's) every selected cell
/// hangs from one square around the pointer, and the grid has the source's look (``GridLook/source``:
/// white, plain grey and red 50 × 50 squares, UIKit's flow-layout defaults); in the refined one the
/// flock keeps its shape and the grid is Kinetic's dark grid of numbered cells (``GridLook/kinetic``).
public final class DragScene: HostedScene, CollectionViewDataSource, CollectionViewDelegate {
    public let kind = SceneKind.drag
    public let instructions = "Click cells to select · long-press and drag to move the selection · Esc cancels"
    /// The help card's scene part: mouse gestures, then the scene's keys.
    public var help: SceneHelp {
        SceneHelp(gestures: [
            HelpLine("click", "select or deselect a cell (selected cells turn red)"),
            HelpLine("long-press, drag", "the selected cells follow the pointer on springs"),
            HelpLine("release", "they spring back to their places"),
            HelpLine("wheel, drag", "scroll the grid"),
            HelpLine("Esc", "cancel a drag: the cells go home"),
            variant == .seed
                ? HelpLine("seed", "the source's: one square for all; white, grey 50-pt squares")
                : HelpLine("refined", "each cell keeps its offset; dark grid of numbered cells"),
        ], keys: SceneHelp.parameterKeys(parameters))
    }

    /// Number of cells (1000 by default).
    public let itemCount: Int
    /// The window the scene lives in (``HostedScene``).
    public let host: SceneHost
    /// The collection view showing the grid.
    public let collectionView: CollectionView
    /// The layout (exposed for tests and the debug overlay).
    public let layout = DraggableLayout()
    /// The long press that starts a drag (0.5 s, 10 pt).
    public let longPress = LongPressGestureRecognizer()
    /// The tunables (hotkeys F, D, L), applied to the layout as they change.
    public private(set) var tunables = DragTunables()
    public private(set) var parameters = DragTunables().parameters
    /// Seed: every selected cell hangs from the same square around the pointer (the source's
    /// `DraggableLayout`, ``DragBehavior/Anchoring/sharedSquare``) in the source's grid
    /// (``GridLook/source``). Refined: each keeps its offset from the pointer
    /// (``DragBehavior/Anchoring/keepingOffsets``) in Kinetic's grid (``GridLook/kinetic``). The
    /// anchoring applies from the next drag, the look at once (after the drag, while one runs).
    public var variant = SceneVariant.seed {
        didSet {
            layout.anchoring = variant == .seed ? .sharedSquare : .keepingOffsets
            if !isDragging { applyLook() }
        }
    }
    public var variantDescription: String {
        variant == .seed ? "one square for every cell, the source's white grid of plain 50-pt squares"
                         : "every selected cell keeps its offset from the pointer; dark grid of numbered cells"
    }
    /// The grid's look now (it follows ``variant`` once no drag is in progress).
    public private(set) var look = GridLook.source
    /// The last release's predicted and measured settling time (``DragScene+Settling``).
    var settling = SettlingWatch()
    /// The dragged copy of the cell the settling prediction is about (it rests last), from the release on.
    var tracked: LayoutAttributes?

    /// Creates the scene with `items` cells (default 1000) in a window of `size` points.
    public init(items: Int = 1000, size: Size = Size(width: 1280, height: 800)) {
        itemCount = items
        host = SceneHost(size: size)
        layout.anchoring = .sharedSquare
        collectionView = CollectionView(frame: host.contentFrame, collectionViewLayout: layout)
        collectionView.register(GridCell.self, forCellWithReuseIdentifier: GridCell.reuseIdentifier)
        collectionView.allowsMultipleSelection = true
        collectionView.dataSource = self
        collectionView.delegate = self
        host.window.rootView.addSubview(collectionView)
        longPress.addTarget { [weak self] r in self?.longPressChanged(r as! LongPressGestureRecognizer) }
        collectionView.addGestureRecognizer(longPress)
        // A click that turns into a hold is a long press, not a selection.
        collectionView.selectionTapRecognizer.require(toFail: longPress)
        // A drag that began must not also scroll.
        collectionView.panGestureRecognizer.require(toFail: longPress)
        applyLook(force: true)
        // A variant chosen mid-drag takes its look once the flock is home.
        layout.onDragStateCleared = { [weak self] in self?.applyLook() }
    }

    /// Lays the grid out and colours it in ``variant``'s look (``GridLook/of(_:)``), unless it
    /// already has it.
    private func applyLook(force: Bool = false) {
        let wanted = GridLook.of(variant)
        guard force || wanted != look else { return }
        look = wanted
        layout.itemSize = wanted.itemSize
        layout.minimumInteritemSpacing = wanted.spacing
        layout.minimumLineSpacing = wanted.spacing
        layout.sectionInset = wanted.sectionInset
        collectionView.backgroundColor = wanted.background ?? .clear
        for case let cell as GridCell in collectionView.visibleCells { cell.look = wanted }
    }

    // MARK: Gestures

    private func longPressChanged(_ r: LongPressGestureRecognizer) {
        let p = r.location(in: collectionView)
        switch r.state {
        case .began:
            // A new drag starts from the grid in the current variant's look (a flock still flying
            // home is dropped by `startDragging`).
            applyLook()
            layout.startDragging(indexPaths: collectionView.indexPathsForSelectedItems, from: p)
            settling = SettlingWatch()
            tracked = nil
        case .changed: layout.updateDragLocation(p)
        case .ended, .cancelled:
            layout.endDragging()
            startSettlingWatch()
        default: break
        }
    }

    /// Whether a drag (or the flight home) is in progress.
    public var isDragging: Bool { layout.dragBehavior != nil }

    // MARK: Scene

    public func setParameter(_ name: String, to value: Double) {
        guard tunables.set(name, to: value) != nil else { return }
        parameters = tunables.parameters
        if layout.frequency != tunables.frequency { layout.frequency = tunables.frequency }
        if layout.damping != tunables.damping { layout.damping = tunables.damping }
        layout.squareSize = tunables.squareSize
    }

    public func update(time: Double, dt: Double) {
        host.update(time: time, dt: dt)
        updateLift(dt: dt)
        if settling.isTiming { settling.step(dt: dt, atRest: flockIsAtRest, tracked: trackedMotion) }
    }

    /// Whether a flock taken over from the other half's drag (``adoptState(of:)``) follows the
    /// pointer until the press that holds it there ends.
    var followsAdoptedDrag = false

    /// Simulated seconds since the current drag's cells were lifted, or nil between drags.
    var liftElapsed: Double?
    /// Seconds a picked-up cell takes to rise to its full shadow.
    static let liftDuration = 0.15

    /// The dragged cells' lift (their shadow): it rises over ``liftDuration`` of the scene's
    /// simulated time (`dt`: frozen while paused, slowed in slow motion) once the long press
    /// picks them up and, after the release, shrinks with each cell's distance from its place
    /// (full at 24 pt or more), so a cell lands without one. Per frame it touches only the
    /// dragged cells on screen.
    private func updateLift(dt: Double) {
        guard !layout.draggedIndexPaths.isEmpty, let behavior = layout.dragBehavior else { liftElapsed = nil; return }
        let elapsed = liftElapsed.map { $0 + (dt.isFinite ? max(0, dt) : 0) } ?? 0
        liftElapsed = elapsed
        let rise = min(1, elapsed / Self.liftDuration)
        for case let a as LayoutAttributes in behavior.items {
            guard let cell = collectionView.cellForItem(at: a.indexPath) as? GridCell else { continue }
            var lift = rise
            if layout.isReturning, let home = layout.restingFrame(for: a.indexPath) {
                lift = min(lift, (a.center - home.center).length / 24)
            }
            cell.lift = lift
        }
    }

    public var status: SceneStatus {
        guard let a = layout.dynamicAnimator else { return SceneStatus(settling: settling.report) }
        return SceneStatus(animatorRunning: a.isRunning, itemsInMotion: a.isRunning ? layout.draggedIndexPaths.count : 0,
                           behaviors: DebugOverlay.countBehaviors(a.behaviors), settling: settling.report)
    }

    public func dump() -> SceneDump {
        let items = host.dumpItems(collectionView, label: { String($0.item) },
                                   selected: Set(collectionView.indexPathsForSelectedItems))
        var dump = SceneDump(animatorRunning: layout.dynamicAnimator?.isRunning ?? false, items: items,
                             fields: [("selection", .indexPaths(collectionView.indexPathsForSelectedItems))])
        dump.dynamicItems = host.dumpDynamicItems(collectionView)
        return dump
    }

    // MARK: Data source

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { itemCount }

    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: GridCell.reuseIdentifier, for: indexPath) as! GridCell
        cell.look = look
        cell.label.text = String(indexPath.item)
        return cell
    }
}
