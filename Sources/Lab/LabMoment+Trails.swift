import Scenes
import Drawing

/// `N`: trails of the moving items (``TrailHistory``), for A and, while comparing, B.
extension LabMoment {
    /// Turns trails on (from an empty history per half) or off.
    func toggleTrails() {
        overlay.trailsVisible.toggle()
        trailHistories = [TrailHistory(), TrailHistory()]
        overlay.notice(overlay.trailsVisible ? "trails on — where moving items were over the last 0.4 s" : "trails off", at: now)
    }

    /// Starts both halves' trails afresh: a moment the timeline shows again draws the trails of
    /// the frames replayed to it, not of the frames it stepped before it was kept.
    func restartTrails() {
        trailHistories = [TrailHistory(), TrailHistory()]
    }

    /// Samples each half's item frames (after the frame's step).
    func recordTrails() {
        trailHistories[0].record(scene.itemFrames, of: ObjectIdentifier(scene))
        if let b = compareHalf?.scene { trailHistories[1].record(b.itemFrames, of: ObjectIdentifier(b)) }
    }

    /// Draws half `half`'s trails over its scene.
    func drawTrails(of half: Int, into list: inout DisplayList) {
        let s = half == 0 ? scene : (compareHalf?.scene ?? scene)
        trailHistories[half].draw(current: s.itemFrames, of: ObjectIdentifier(s), into: &list, z: 900)
    }
}
