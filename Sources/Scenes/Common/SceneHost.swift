import Geometry
import Drawing
import Gestures
import Views
import Dynamics
import Animation
import Layout

/// The part every collection-view scene shares: a ``Window`` whose content starts below the app's
/// title line, and delivery of ``InputEvent``s into it.
public final class SceneHost {
    /// Height of the app's title line, which scenes leave free (points).
    public static let titleHeight = 30.0

    /// The scene's window: its views, recognizers, timeline and steppers.
    public let window: Window
    /// The rectangle scenes lay their content out in (window coordinates).
    public private(set) var contentFrame: Rect

    init(size: Size) {
        window = Window(size: size)
        contentFrame = SceneHost.content(for: size)
    }

    static func content(for size: Size) -> Rect {
        Rect(x: 0, y: titleHeight, width: size.width, height: max(0, size.height - titleHeight))
    }

    public func resize(to size: Size, contentFrame: Rect) {
        window.size = size
        self.contentFrame = contentFrame
    }

    /// A scene's `handle(_:)`: sends `input` into the window (``Window/send(_:)-(InputEvent)``).
    /// Keys report whether a view, the window's Escape handling or the key handler used them
    /// (unused keys go to the app's hotkeys); pointer, wheel and focus input always counts as used.
    @discardableResult
    public func handle(_ input: InputEvent) -> Bool {
        let used = window.send(input)
        if case .key = input { return used }
        return true
    }

    /// A scene's `update(time:dt:)`: one ``Window/tick(at:dt:)``, which runs by `dt` the window's
    /// ``Views/FrameStepperPhase/beforeTimeline`` steppers (the exchange scene's reload timer and
    /// auto-scroll), advances by `dt` simulated seconds the window's ``Window/timeline`` (the
    /// scenes' property animators: cards, exchange snapshots, batch updates), runs gesture timers
    /// to `time`, then by `dt` the other steppers (the collection view's scrolling, then its
    /// layout's dynamic animator: the drag and springy solvers), the views' `update` and layout.
    /// Scenes own no clock.
    public func update(time: Double, dt: Double) { window.tick(at: time, dt: dt) }

    /// Whether the window has anything moving or waiting for time (``Window/needsFrame``).
    public var needsFrame: Bool { window.needsFrame }

    /// The debug overlay of `collectionView`'s layout animator, aligned with its content.
    public func drawDebug(_ collectionView: CollectionView, into list: inout DisplayList) {
        guard let animator = collectionView.collectionViewLayout.dynamicAnimator else { return }
        DebugOverlay.draw(animator: animator, origin: collectionView.convert(Point.zero, to: nil), into: &list)
    }

    /// Every visible item of `collectionView` as the dump describes it, in window coordinates.
    func dumpItems(_ collectionView: CollectionView, label: (IndexPath) -> String,
                   selected: Set<IndexPath> = []) -> [SceneDump.Item] {
        collectionView.indexPathsForVisibleItems.compactMap { ip in
            guard let a = collectionView.displayedAttributesForItem(at: ip) else { return nil }
            return SceneDump.Item(indexPath: ip, label: label(ip), frame: collectionView.convert(a.frame, to: nil),
                                  alpha: a.alpha, zIndex: a.zIndex, rotation: a.transform.rotationAngle,
                                  hidden: a.isHidden, selected: selected.contains(ip))
        }
    }

    /// The state of every item `collectionView`'s layout animator holds, on or off screen.
    func dumpDynamicItems(_ collectionView: CollectionView) -> [SceneDump.DynamicItemState] {
        guard let animator = collectionView.collectionViewLayout.dynamicAnimator else { return [] }
        return animator.dynamicItems.compactMap { item in
            guard let a = item as? LayoutAttributes else { return nil }
            return SceneDump.DynamicItemState(indexPath: a.indexPath, frame: collectionView.convert(a.frame, to: nil),
                                              rotation: a.transform.rotationAngle,
                                              velocity: animator.linearVelocity(for: a),
                                              angularVelocity: animator.angularVelocity(for: a))
        }
    }
}
