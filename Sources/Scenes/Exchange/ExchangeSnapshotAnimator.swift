import Geometry
import Drawing
import Animation
import Layout
import Views

/// The choreography of the exchange scene's snapshot — the floating copy of the caught cell: the
/// catch blink, following the pointer, the keyboard glide, the release flight with its blink and
/// fade. Each step is one ``PropertyAnimator`` segment of ``segmentDuration`` seconds on
/// ``timeline`` (the window's), run one after another; starting a new sequence stops the running
/// one where it is. The scene decides when (catch, hover, release, cancel); this type decides how.
final class ExchangeSnapshotAnimator {
    /// Creates the animator; its segments run on `timeline` and last `segmentDuration()` seconds
    /// (read as each segment starts, so a tuned duration applies from the next segment).
    init(timeline: AnimationTimeline, segmentDuration: @escaping () -> Double) {
        self.timeline = timeline
        self.segmentDuration = segmentDuration
    }

    /// The clock of the segments (the window's timeline).
    let timeline: AnimationTimeline
    /// Seconds per segment (blink halves, flight, fade, glide).
    let segmentDuration: () -> Double
    /// The snapshot on screen, or nil.
    private(set) var snapshot: View?
    /// From the pointer to the snapshot's centre (content coordinates), fixed at the catch.
    private var offset = Vector(dx: 0, dy: 0)
    /// The running segment of the catch or release sequence (the HUD plots where it is).
    private(set) var running: PropertyAnimator?
    /// The curve of every catch and release segment: UIKit's ease-in-out.
    static let segmentCurve = AnimationCurve.easeInOut

    /// Replaces any snapshot by a new one over the frame of `attributes` (an item's layout
    /// attributes) in `container` (content coordinates): an image of the caught cell (a rounded,
    /// radius 8, card in `cellColor` with `text`, 15 pt, centred, in `textColor`) over
    /// `backgroundColor`, the whole at `alpha`, above the cells (z 100) and transparent to the
    /// pointer; it keeps its offset from `pointer` and blinks to `blinkScale` and back (two
    /// segments, ease-in-out) while a soft shadow grows under it (the lift). A nil `cellColor`
    /// draws the cell with `backgroundColor` in place of its own colour, as the source's
    /// `snapshotForCell:` does with its `snapshotBackgroundColor` (then `snapshotAlpha`).
    func catchSnapshot(of attributes: LayoutAttributes, text: String, cellColor: Color?, textColor: Color, in container: View,
                       pointer: Point, alpha: Double, backgroundColor: Color, blinkScale s: Double) {
        tearDown()
        let snap = View(frame: attributes.frame)
        snap.backgroundColor = backgroundColor
        snap.cornerRadius = 8
        snap.alpha = alpha
        snap.zPosition = 100
        snap.isUserInteractionEnabled = false
        snap.shouldRasterize = true   // one image, faded as a whole (group opacity)
        // The lift: a soft shadow that grows with the catch blink and shrinks as it lands.
        snap.shadowRadius = 12
        snap.shadowOpacity = 0
        snap.shadowOffset = Vector(dx: 0, dy: 0)
        let image = View(frame: Rect(origin: .zero, size: attributes.size))
        image.backgroundColor = cellColor ?? .clear
        image.cornerRadius = 8
        image.isUserInteractionEnabled = false
        let label = Label(text: text, frame: Rect(origin: .zero, size: attributes.size))
        label.fontSize = 15
        label.textColor = textColor
        label.textAlignment = .center
        label.isUserInteractionEnabled = false
        image.addSubview(label)
        snap.addSubview(image)
        container.addSubview(snap)
        snapshot = snap
        offset = attributes.center - pointer
        runSegments([
            { snap.transform = AffineTransform(scaleX: s, y: s); snap.shadowOpacity = Self.liftedShadowOpacity
              snap.shadowOffset = Vector(dx: 0, dy: 12) },
            { snap.transform = .identity; snap.shadowOffset = Vector(dx: 0, dy: 8) },
        ], on: snap)
    }

    /// The shadow's opacity while the snapshot is held (it draws faded by the snapshot's alpha).
    static let liftedShadowOpacity = 0.5

    /// Moves the snapshot with the pointer at `pointer` (content coordinates), at once.
    func follow(pointer: Point) {
        snapshot?.center = pointer + offset
    }

    /// Glides the snapshot's centre to `center` over one segment (ease-out), alongside any
    /// running sequence (the keyboard's moves).
    func glide(to center: Point) {
        guard let snap = snapshot else { return }
        PropertyAnimator(duration: segmentDuration(), curve: .easeOut, timeline: timeline) { snap.center = center }
            .startAnimation()
    }

    /// The release: the snapshot flies to `target` (content coordinates) while its shadow shrinks
    /// away (it lands), blinks to `blinkScale` and back; then `placed` runs (the scene shows the item again) and the snapshot fades out
    /// and is removed. Four segments, ease-in-out. Returns false (doing nothing) without a snapshot.
    @discardableResult
    func release(to target: Point, blinkScale s: Double, placed: @escaping () -> Void) -> Bool {
        guard let snap = snapshot else { return false }
        runSegments([
            { snap.center = target; snap.transform = .identity; snap.shadowOpacity = 0; snap.shadowOffset = Vector(dx: 0, dy: 0) },
            { snap.transform = AffineTransform(scaleX: s, y: s) },
            { snap.transform = .identity },
        ], on: snap) { [weak self, weak snap] in
            guard let self, let snap else { return }
            placed()
            self.runSegments([{ snap.alpha = 0 }], on: snap) { [weak self, weak snap] in
                guard let self, let snap, self.snapshot === snap else { return }
                self.tearDown()
            }
        }
        return true
    }

    /// Removes the snapshot at once, stopping its sequence.
    func tearDown() {
        if let running, running.state == .active { running.stopAnimation(true) }
        running = nil
        snapshot?.removeFromSuperview()
        snapshot = nil
    }

    /// Runs `segments` one after another on `snap`, each an animation of ``segmentDuration``
    /// (ease-in-out), then `completion`. Starting a new sequence stops the running one where it is.
    private func runSegments(_ segments: [() -> Void], on snap: View, completion: (() -> Void)? = nil) {
        if let running, running.state == .active { running.stopAnimation(true) }
        running = nil
        guard let first = segments.first else { completion?(); return }
        let animator = PropertyAnimator(duration: segmentDuration(), curve: Self.segmentCurve, timeline: timeline, animations: first)
        animator.addCompletion { [weak self, weak snap, weak animator] _ in
            guard let self, let snap, self.snapshot === snap, self.running === animator else { return }
            self.running = nil
            self.runSegments(Array(segments.dropFirst()), on: snap, completion: completion)
        }
        running = animator
        animator.startAnimation()
    }
}
