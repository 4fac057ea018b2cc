import Geometry
import Drawing
import Animation
import Gestures
import Layout
import Views

/// The pointer exchange: a long press (0.15 s) catches a name, moves hover over others, and the
/// release drops it; near an edge the list scrolls by itself (refined; the source's controller,
/// which the seed follows, supports no scrolling).
extension ExchangeScene {

    func longPressChanged(_ r: GestureRecognizer) {
        switch r.state {
        case .began: beginPointerTransaction()
        case .changed: if isPointerTransaction { pointerMoved() }
        case .ended: if isPointerTransaction { release() }
        case .cancelled: if isPointerTransaction { cancel() }
        default: break
        }
    }

    func beginPointerTransaction() {
        let p = longPress.location(in: collectionView)
        guard controller.beginExchangeTransaction(at: indexPathForItem(atContentPoint: p)),
              let d = controller.originalIndexPathForDraggedItem else {
            // Refused (empty space, a locked name, a keyboard transaction running): end the gesture.
            // The controller ignores that cancel, as no transaction began.
            longPressNeedsReset = true
            return
        }
        isKeyboardTransaction = false
        focusedIndexPath = nil
        collectionView.stopScrolling()
        catchItem(at: d, pointer: p)
    }

    /// The pointer moved (or the content scrolled under it): the snapshot follows, and the item
    /// under the pointer is hovered.
    func pointerMoved() {
        let p = longPress.location(in: collectionView)
        snapshots.follow(pointer: p)
        controller.hover(over: indexPathForItem(atContentPoint: p))
    }

    /// Whether a pointer transaction holds a name (its long press has begun and not ended).
    var isHoldingWithPointer: Bool {
        isPointerTransaction && (longPress.state == .began || longPress.state == .changed)
    }

    /// Whether a name held with the pointer near the top or bottom edge scrolls the list (refined
    /// only: the source's controller supports no scrolling).
    var isAutoScrolling: Bool { variant == .refined && isHoldingWithPointer }

    /// Scrolls while the pointer is near the top or bottom edge (``ScrollView/autoScroll(pointer:by:)``),
    /// and hovers what comes under it (``ExchangeAutoScroller``, each frame; refined only).
    func autoScroll(_ dt: Double) {
        guard dt > 0, isAutoScrolling else { return }
        // The collection view's superview is the root view, whose space is the window's.
        if collectionView.autoScroll(pointer: longPress.locationInWindow, by: dt) { pointerMoved() }
    }
}
