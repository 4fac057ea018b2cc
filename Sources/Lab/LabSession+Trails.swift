import Scenes
import Drawing

/// `N`: trails of the moving items (``TrailHistory``), for A and, while comparing, B.
extension LabSession {
    /// Turns trails on (an empty history per half) or off.
    func toggleTrails() {
        overlay.trailsVisible.toggle()
        trailHistories = overlay.trailsVisible ? [TrailHistory(), TrailHistory()] : []
        overlay.notice(overlay.trailsVisible ? "trails on — where moving items were over the last 0.4 s" : "trails off", at: now)
    }

    /// Samples each half's item frames (after the frame's step).
    func recordTrails() {
        guard trailHistories.count == 2 else { return }
        trailHistories[0].record(scene.itemFrames, of: ObjectIdentifier(scene))
        if let b = compareHalf?.scene { trailHistories[1].record(b.itemFrames, of: ObjectIdentifier(b)) }
    }

    /// Draws half `half`'s trails over its scene.
    func drawTrails(of half: Int, into list: inout DisplayList) {
        guard trailHistories.count == 2 else { return }
        let s = half == 0 ? scene : (compareHalf?.scene ?? scene)
        trailHistories[half].draw(current: s.itemFrames, of: ObjectIdentifier(s), into: &list, z: 900)
    }
}
