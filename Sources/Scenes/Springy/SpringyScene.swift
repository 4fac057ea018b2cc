import Geometry
import Drawing
import Gestures
import Dynamics
import Animation
import Layout
import Views

/// The `springy` scene: a long list whose rows lag behind the scroll and catch up like the iOS 7
/// Messages app, more the farther they are from the pointer.
///
/// It looks like Messages too: each row is a message of a repeating ``Conversation`` (a bubble on
/// the sender's side, ``MessageCell``) or a timestamp (``TimestampCell``) on a white transcript.
/// The bubbles are drawn inside the rows' frames, so the look changes nothing the springs see.
/// Cells are kept in index order (``CollectionView/keepsCellsInIndexPathOrder``): where the springs
/// make neighbours overlap, a later message lies over an earlier one, like a stack.
public final class SpringyScene: HostedScene, CollectionViewDataSource {
    public let kind = SceneKind.springy
    public let instructions = "Scroll with the wheel or drag the list: rows far from the pointer lag and catch up"
    /// The help card's scene part: mouse gestures, then the scene's keys.
    public var help: SceneHelp {
        SceneHelp(gestures: [
            HelpLine("wheel", "scroll: rows far from the pointer lag, then catch up"),
            HelpLine("drag the list", "scroll by hand; release to fling"),
            HelpLine("pointer height", "rows nearest the pointer follow it most tightly"),
            variant == .seed
                ? HelpLine("seed", "the source's: shifts cut to whole points (steps < 1 pt lag nothing)")
                : HelpLine("refined", "exact shifts: slow scrolls lag smoothly too"),
        ], keys: SceneHelp.parameterKeys(parameters))
    }

    /// Number of rows (default 1000, up to 1,000,000).
    public let itemCount: Int
    /// The window the scene lives in (``HostedScene``).
    public let host: SceneHost
    /// The list.
    public let collectionView: CollectionView
    /// The layout (exposed for tests and the debug overlay).
    public let layout = SpringyFlowLayout()
    /// The tunables (hotkeys F, D, R), applied to the layout as they change.
    public private(set) var tunables = SpringyTunables()
    public private(set) var parameters = SpringyTunables().parameters
    /// Seed (the source's): each row's shift on a scroll is cut to whole points
    /// (``SpringyFlowLayout/shiftsInWholePoints``), so scroll steps under 1 pt move no row
    /// relative to the others. Refined: the exact shifts, so slow scrolls lag smoothly.
    public var variant = SceneVariant.seed {
        didSet { layout.shiftsInWholePoints = variant == .seed }
    }
    public var variantDescription: String {
        variant == .seed ? "shifts in whole points, as the source's integer abs() cuts them"
                         : "exact shifts: even sub-point scroll steps make far rows lag"
    }
    /// Row height, points.
    public static let rowHeight = 44.0
    /// The last scroll's predicted and measured settling time (``SpringyScene+Settling``).
    var settling = SettlingWatch()
    /// The row the settling prediction is about (it rests last) and its spring, from the scroll on.
    var tracked: (LayoutAttributes, AttachmentBehavior)?

    /// Creates the scene with `items` rows in a window of `size` points.
    public init(items: Int = 1000, size: Size = Size(width: 1280, height: 800)) {
        itemCount = items
        host = SceneHost(size: size)
        layout.minimumLineSpacing = 6
        layout.sectionInset = EdgeInsets(top: 12, left: 12, bottom: 12, right: 12)
        collectionView = CollectionView(frame: host.contentFrame, collectionViewLayout: layout)
        layout.itemSize = Size(width: SpringyScene.rowWidth(host.contentFrame.width), height: SpringyScene.rowHeight)
        collectionView.register(MessageCell.self, forCellWithReuseIdentifier: MessageCell.reuseIdentifier)
        collectionView.register(TimestampCell.self, forCellWithReuseIdentifier: TimestampCell.reuseIdentifier)
        collectionView.backgroundColor = MessageStyle.background
        collectionView.keepsCellsInIndexPathOrder = true
        collectionView.allowsSelection = false
        collectionView.dataSource = self
        host.window.rootView.addSubview(collectionView)
    }

    static func rowWidth(_ width: Double) -> Double { max(40, width - 24) }

    // MARK: Scene

    public func setParameter(_ name: String, to value: Double) {
        guard tunables.set(name, to: value) != nil else { return }
        parameters = tunables.parameters
        if layout.frequency != tunables.frequency { layout.frequency = tunables.frequency }
        if layout.damping != tunables.damping { layout.damping = tunables.damping }
        layout.scrollResistance = tunables.resistance
    }

    public func resize(to size: Size, contentFrame: Rect) {
        host.resize(to: size, contentFrame: contentFrame)
        collectionView.frame = host.contentFrame
        layout.itemSize = Size(width: SpringyScene.rowWidth(host.contentFrame.width), height: SpringyScene.rowHeight)
        layout.relayoutSprings()
    }


    public func update(time: Double, dt: Double) {
        host.update(time: time, dt: dt)
        // Nothing that needs another frame moves again: the rows are at rest where they are.
        if settling.isTiming { settling.step(dt: dt, atRest: rowsAtRest || !host.needsFrame, tracked: trackedMotion) }
    }

    public var status: SceneStatus {
        guard let a = layout.dynamicAnimator else { return SceneStatus(settling: settling.report) }
        return SceneStatus(animatorRunning: a.isRunning, itemsInMotion: a.isRunning ? layout.springs.count : 0,
                           behaviors: layout.springs.count, settling: settling.report)
    }

    public var plot: ScenePlot? { .spring(frequency: layout.frequency, dampingRatio: layout.damping) }

    /// The plotted spring is every row's attachment frequency and damping ratio.
    public func plottedSpringAssignments(frequency: Double, dampingRatio: Double) -> [ParameterAssignment] {
        [ParameterAssignment("frequency", frequency), ParameterAssignment("damping", dampingRatio)]
    }

    /// E: each row (density 1, mass = width × 44 / 10⁴) hangs from one length-0 attachment of the
    /// scene's f and ζ: exactly that spring.
    public var motionExport: MotionExport? {
        let f = layout.frequency, zeta = layout.damping
        let item = AttachmentExport.item(layout.itemSize)
        return MotionExport(
            spring: SpringConversion(frequency: f, dampingRatio: zeta, mass: item.mass),
            attachment: MotionExport.Attachment(frequency: f, dampingRatio: zeta,
                arrangement: "one attachment of length 0 from each row to its resting place"),
            origin: "Kinetic \(name) scene: a row (\(item.text)) on one \(AttachmentExport.text(frequency: f, dampingRatio: zeta)) attachment")
    }

    public func dump() -> SceneDump {
        let items = host.dumpItems(collectionView, label: { "Row \($0.item)" })
        var dump = SceneDump(animatorRunning: layout.dynamicAnimator?.isRunning ?? false, items: items)
        dump.dynamicItems = host.dumpDynamicItems(collectionView)
        return dump
    }

    // MARK: Data source

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { itemCount }

    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        switch Conversation.entry(at: indexPath.item) {
        case let .message(text, sender):
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: MessageCell.reuseIdentifier, for: indexPath) as! MessageCell
            let i = indexPath.item
            cell.configure(text: text, from: sender, position: .init(isFirst: Conversation.isFirstInRun(i),
                                                                     isLast: Conversation.isLastInRun(i, count: itemCount)))
            return cell
        case let .timestamp(text):
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: TimestampCell.reuseIdentifier, for: indexPath) as! TimestampCell
            cell.configure(text: text)
            return cell
        }
    }
}
