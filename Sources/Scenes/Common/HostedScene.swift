import Geometry
import Drawing
import Gestures
import Views

/// A scene that lives in a ``SceneHost``'s window and shows its items in one collection view (the
/// four collection-view scenes; the dynamics scene shows plain views): the forwarding to the host
/// is written here once. A scene overrides what it does
/// differently (the exchange scene's keys and its focus ring, its own frame needs).
public protocol HostedScene: Scene {
    /// The window the scene lives in, and the content frame beside the lab's HUD.
    var host: SceneHost { get }
    /// The collection view showing the scene's items.
    var collectionView: CollectionView { get }
}

extension HostedScene {
    /// The scene window's measurer (``Scene/textMeasurer``); setting it lays the views out again.
    public var textMeasurer: TextMeasuring {
        get { host.window.textMeasurer }
        set { host.window.textMeasurer = newValue }
    }

    /// Relayout: the collection view fills the new content frame and its layout is invalidated.
    public func resize(to size: Size, contentFrame: Rect) {
        host.resize(to: size, contentFrame: contentFrame)
        collectionView.frame = host.contentFrame
        collectionView.collectionViewLayout.invalidateLayout()
    }

    /// Input goes to the window (``SceneHost/handle(_:)``): recognizers, scrolling, and Escape,
    /// which cancels a gesture in progress.
    @discardableResult
    public func handle(_ input: InputEvent) -> Bool { host.handle(input) }

    /// The window's answer (``Views/Window/needsFrame``): a layout's animator awake, scrolling in
    /// motion, an animator on the timeline, a recognizer's timer, a layout pass due.
    public var needsFrame: Bool { host.needsFrame }

    /// The window's views, back to front.
    public func draw(into list: inout DisplayList) { host.window.draw(into: &list) }

    /// The collection view's visible items where they are drawn, window points.
    public var itemFrames: [(indexPath: IndexPath, frame: Rect)] {
        collectionView.indexPathsForVisibleItems.compactMap { ip in
            collectionView.displayedAttributesForItem(at: ip).map { (ip, collectionView.convert($0.frame, to: nil)) }
        }
    }

    /// The debug geometry of the collection view layout's dynamic animator, if it has one.
    public func drawDebug(into list: inout DisplayList) { host.drawDebug(collectionView, into: &list) }
}
