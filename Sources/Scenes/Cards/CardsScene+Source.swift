import Geometry
import Animation

/// The seed's card logic, the source document's cell as it is written: `toggle()` calls
/// `expand()` or `collapse()` by the cell's `state`; each adds its animations and a completion to
/// the one animator and starts it; a completion that ends at `.end` flips `state` and sets the
/// collection view's `isScrollEnabled` and `allowsSelection` (off after an expansion, on after a
/// collapse); the collection view's selection (a click on a card) calls `toggle()`, and so does
/// the × button.
///
/// Nothing stops `toggle()` while the card moves. On an opening card (`state` is still
/// `.collapsed`) it runs `expand()` again: no reversal, the neighbours slide another 50 pt
/// (``CarouselLayout/neighbourShift``), the stored initial frame becomes the open frame (so a
/// later `collapse()` leaves the card filling the view, ``initialFrameExpansion``), and a second
/// completion flips `state` back at the end. A closing card takes no click: selection stays off
/// until the collapse completes, and the × has faded (alpha 0 in the model, which is what UIKit
/// hit-tests).
extension CardsScene {
    /// The source cell's `State`.
    public enum SourceState: Sendable, Equatable {
        /// In the carousel (or counted so).
        case collapsed
        /// Open (or counted so).
        case expanded
    }

    /// A seed click at window point `p`: on the open card's × (while its model alpha is 1, i.e.
    /// the card is opening or open) the button's `toggle()`; elsewhere on a card the collection
    /// view's selection, which calls `toggle()` only while selection is allowed, at the press and
    /// at the release.
    func sourceClick(atWindowPoint p: Point) {
        if layout.expansion.value == 1, let ip = layout.expandedIndexPath, isOnCloseButton(windowPoint: p, showing: false) {
            sourceToggle(ip)
            return
        }
        guard selectionAllowedAtPress, allowsCardSelection, let ip = card(atWindowPoint: p) else { return }
        sourceToggle(ip)
    }

    /// The source's `toggle()` on the card at `ip`: `collapse()` when it counts as expanded,
    /// else `expand()`.
    func sourceToggle(_ ip: IndexPath) {
        let expanded = ip == layout.expandedIndexPath && sourceState == .expanded
        sourceAnimate(ip, expanding: !expanded)
    }

    /// The source's `expand()` (`expanding`) or `collapse()` on the card at `ip`: adds the
    /// animations and a completion to the running animator (Kinetic moves one card at a time: a
    /// click on another card while one moves waits), or to a new one, and starts it (a paused
    /// animator resumes, as UIKit's does).
    ///
    /// `expand()`: `initialFrame = self.frame` (the model frame: the open one if it already
    /// opens), corners 0, description and × shown, the frame open, each neighbour 50 pt farther
    /// out. `collapse()`: corners 6, description and × hidden, `frame = initialFrame`, each
    /// neighbour 50 pt back.
    func sourceAnimate(_ ip: IndexPath, expanding: Bool) {
        guard ip.item < cities.count else { return }
        let animations: () -> Void = { [weak self, layout] in
            guard let self else { return }
            if expanding {
                self.initialFrameExpansion = layout.frameExpansion.value
                layout.expansion.value = 1
                layout.frameExpansion.value = 1
                layout.neighbourShift.value += 1
            } else {
                layout.expansion.value = 0
                layout.frameExpansion.value = self.initialFrameExpansion
                layout.neighbourShift.value -= 1
            }
        }
        if let a = animator {
            guard ip == layout.expandedIndexPath else { return }
            a.addAnimations(animations)
            a.addCompletion { [weak self] position in self?.sourceAnimationsDidEnd(at: position, expanded: expanding) }
            cancelledScrubPause = false
            a.startAnimation()
        } else {
            guard layout.expandedIndexPath == nil || layout.expandedIndexPath == ip else { return }
            makeAnimator(for: ip, expanding: expanding, animations: animations).startAnimation()
        }
    }

    /// The source's completion of an `expand()` (`expanded`) or a `collapse()`: at `.end` it flips
    /// `state` and turns scrolling and selection off (after an expansion) or on; at any other
    /// position it does nothing (`default:`). A card already back in the carousel was reset by the
    /// animator's own completion.
    func sourceAnimationsDidEnd(at position: AnimatingPosition, expanded: Bool) {
        guard position == .end, layout.expandedIndexPath != nil else { return }
        sourceState = sourceState == .collapsed ? .expanded : .collapsed
        collectionView.isScrollEnabled = !expanded
        allowsCardSelection = !expanded
    }
}
