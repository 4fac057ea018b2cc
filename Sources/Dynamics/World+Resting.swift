extension SolverPolicy {
    /// How far (points: its centre's distance plus its turn at its farthest corner) a touching
    /// body may wander about one spot and still count as resting there (``RestAnchor``): within
    /// a point it looks still at any zoom a pile is shown at. In the piles of `kinetic bench
    /// piles`, pieces kept trembling by their neighbours swung 0.3–1.1 pt; at half a point, 3 of
    /// the 41 piles still never slept.
    static let restDrift = 1.0
    /// How long a touching body must stay within ``restDrift`` of one spot to count as slow by
    /// it, seconds: Box2D v3's time to sleep; an average of 2 pt/s at most, where
    /// ``sleepLinearSpeed`` asks 1 pt/s of every instant for ``sleepWindow``.
    static let restWindow = 0.5
    /// The fastest a body resting by ``restDrift`` may tremble about its spot, points per second
    /// at its farthest corner: pieces rocking in place were measured at 8–11 pt/s (four times
    /// Box2D v3's sleep threshold of 5 cm/s); anything faster that stays within a point is
    /// shaking, and is left awake to be seen.
    static let restTremble = 20.0
}

/// Where a touching body began resting and how long it has stayed within
/// ``SolverPolicy/restDrift`` of that spot, trembling no faster than ``SolverPolicy/restTremble``:
/// a piece held between neighbours (a box on a circle, two stacked pieces) can rock in place by
/// a few tenths of a point at a few points per second for ever, fed by the soft contacts and by
/// an edge switching between its ends solved together and one after the other; by speed alone
/// (``SolverPolicy/sleepLinearSpeed``) its island, often the whole pile, never sleeps. By where
/// it stays, it is at rest.
struct RestAnchor {
    /// The spot: the centre (points) and rotation (radians) when the rest began.
    var x = 0.0, y = 0.0, angle = 0.0
    /// Seconds spent within reach of it; negative while the body does not rest.
    var time = -1.0

    /// How long the body counts as slow by resting (``SolverPolicy/slowTime(after:vx:vy:w:dt:)``
    /// counts by speed): ready to sleep (``SolverPolicy/sleepWindow``) once it has rested
    /// ``SolverPolicy/restWindow``.
    var slowTime: Double { Swift.max(0, time - (SolverPolicy.restWindow - SolverPolicy.sleepWindow)) }
}

extension World {
    /// Brings body `i`'s ``RestAnchor`` up to the step that just ended: its rest goes on while
    /// it touches something, trembles slower than ``SolverPolicy/restTremble`` and stays within
    /// ``SolverPolicy/restDrift`` of its spot; otherwise a new rest begins where it is (if it
    /// touches and trembles slowly) or none.
    func restAnchor(_ i: Int, _ c: StepContext) -> RestAnchor {
        // How far its farthest point is from its centre: an ellipse's longer half-axis, a
        // rectangle's (or a body of pieces' bounds') corner.
        let hw = info[i].halfWidth, hh = info[i].halfHeight
        let reach = info[i].shape == .ellipse ? Swift.max(hw, hh) : (hw * hw + hh * hh).squareRoot()
        let limit = SolverPolicy.restTremble
        let touching = i < inContact.count && inContact[i]
        let calm = touching && c.vx[i] * c.vx[i] + c.vy[i] * c.vy[i] < limit * limit && abs(c.w[i]) * reach < limit
        var rest = bodies.rest[i]
        let dx = c.px[i] - rest.x, dy = c.py[i] - rest.y
        let moved = (dx * dx + dy * dy).squareRoot() + abs(c.th[i] - rest.angle) * reach
        if calm && rest.time >= 0 && moved <= SolverPolicy.restDrift {
            rest.time += c.dt
        } else {
            rest = RestAnchor(x: c.px[i], y: c.py[i], angle: c.th[i], time: calm ? 0 : -1)
        }
        bodies.rest[i] = rest
        return rest
    }
}
