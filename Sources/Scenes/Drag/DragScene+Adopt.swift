import Geometry
import Gestures
import Layout

/// The A/B compare's B taking over A's drag scene when it opens (``Scene/adoptState(of:)``): the
/// selection, the scroll, and a flock held or flying home, so the next gesture moves the same
/// cells in both halves from the same places.
extension DragScene {
    /// Takes over `other`'s selection, scroll offset and momentum, grid look, and its flock: the
    /// dragged cells at their places with their velocities, on copies of their springs
    /// (``DraggableLayout/adoptDrag(of:)``), their lift and settling watch. A flock `other`'s
    /// long press still holds follows the pointer here too until that press ends
    /// (``followsAdoptedDrag``): this window never saw the press begin.
    public func adoptState(of other: any Scene) {
        guard let a = other as? DragScene, a !== self else { return }
        let wanted = Set(a.collectionView.indexPathsForSelectedItems)
        for ip in collectionView.indexPathsForSelectedItems where !wanted.contains(ip) { collectionView.deselectItem(at: ip) }
        for ip in a.collectionView.indexPathsForSelectedItems { collectionView.selectItem(at: ip) }
        collectionView.adoptScrollingAndPointer(of: a.collectionView)
        layout.adoptDrag(of: a.layout)
        liftElapsed = a.liftElapsed
        settling = a.settling
        tracked = a.tracked.flatMap { t in layout.draggedAttributes.first { $0.indexPath == t.indexPath } }
        followsAdoptedDrag = isDragging && !layout.isReturning
            && (a.longPress.state == .began || a.longPress.state == .changed)
        collectionView.setNeedsLayout()
    }

    /// Input goes to the window (``SceneHost/handle(_:)``); while ``followsAdoptedDrag``, the
    /// pointer also moves the adopted flock, and its release (or a cancel: Escape, focus lost)
    /// sends it home, as the long press that began in the other half does there.
    @discardableResult
    public func handle(_ input: InputEvent) -> Bool {
        if followsAdoptedDrag {
            switch input {
            case .pointer(let e) where e.phase == .moved:
                layout.updateDragLocation(collectionView.convert(e.location, from: nil))
            case .pointer(let e) where e.phase == .up || e.phase == .cancelled || e.phase == .down:
                endAdoptedDrag()
            case .focusLost:
                endAdoptedDrag()
            case .key(let k) where k.key == "escape" && k.phase == .down:
                endAdoptedDrag()
            default: break
            }
        }
        return host.handle(input)
    }

    /// The adopted flock's press ended: it flies home.
    private func endAdoptedDrag() {
        followsAdoptedDrag = false
        layout.endDragging()
        startSettlingWatch()
    }
}
