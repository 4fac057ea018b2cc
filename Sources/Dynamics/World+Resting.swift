extension SolverPolicy {
    /// How far (points: its centre's distance plus its turn at its farthest corner) a touching
    /// body may wander about one spot and still count as resting there (``RestAnchor/near``):
    /// within a point it looks still at any zoom a pile is shown at. In the piles of `kinetic
    /// bench piles`, pieces kept trembling by their neighbours swung 0.3–1.1 pt; at half a point,
    /// 3 of the 41 piles still never slept.
    static let restDrift = 1.0
    /// How long a touching body must stay within ``restDrift`` of one spot to count as slow by
    /// it, seconds: Box2D v3's time to sleep; an average of 2 pt/s at most, where
    /// ``sleepLinearSpeed`` asks 1 pt/s of every instant for ``sleepWindow``.
    static let restWindow = 0.5
    /// How far a touching body may rock about one spot and still count as resting there after
    /// ``restWideWindow`` (``RestAnchor/wide``), points: a box held on a round piece that rolls
    /// on the floor can rock by ±1–1.5 pt at 2–3 Hz for ever, its energy fed by the contacts'
    /// fixed normals and arms within a step (Box2D v3 does the same: with its contact
    /// recycling, such a box there rocked at 23 pt/s after 10 s; see ``contactRecycleDistance``).
    /// Of 246 piles of `kinetic bench piles`' kind (41 sizes, each also 2 and 3 pieces larger,
    /// steady and uneven frames), 13 never slept or took over 5 s after landing with ``restDrift``
    /// alone, 9 with this too (with a ``contactRecycleDistance`` of 0.5 pt: 36 and 19).
    static let restWideDrift = 3.0
    /// How long a touching body must stay within ``restWideDrift`` of one spot to count as slow
    /// by it, seconds: four times ``restWindow``, an average of 1.5 pt/s at most, so a piece that
    /// creeps is never taken for one that rocks.
    static let restWideWindow = 2.0
    /// The fastest a body resting by ``restDrift`` may tremble about its spot, points per second
    /// at its farthest corner: pieces rocking in place were measured at 8–11 pt/s (four times
    /// Box2D v3's sleep threshold of 5 cm/s); anything faster that stays within a point is
    /// shaking, and is left awake to be seen.
    static let restTremble = 20.0
    /// The fastest a body resting by ``restWideDrift`` may rock about its spot, points per second
    /// at its farthest corner: a rock of ±1.5 pt at 3 Hz peaks at 2π · 3 · 1.5 ≈ 28 pt/s, and a
    /// box rocking on a circle that rolls ±1 pt on the floor at 4.3 Hz swings its corner (13.6 pt
    /// out) at up to 37 pt/s. Of 246 piles of `kinetic bench piles`' kind, 6 took over 5 s after
    /// landing to sleep or never slept (3 never, each such a box) at 30 pt/s; 4 (1 never) at 40.
    static let restWideTremble = 40.0
}

/// A spot a touching body rests about (``RestAnchor``): where the rest began and how long the
/// body has stayed within reach of it.
struct RestSpot {
    /// The centre (points) and rotation (radians) when the rest began.
    var x = 0.0, y = 0.0, angle = 0.0
    /// Seconds spent within reach of it; negative while the body does not rest.
    var time = -1.0

    /// Brings the spot up to a step of `dt` seconds after which the body, `calm` or not, is at
    /// (`x`, `y`) turned `angle`, `reach` points from its centre to its farthest point: the rest
    /// goes on while it is calm and within `drift` points; otherwise a new one begins there (or
    /// none, if it is not calm).
    @inline(__always)
    mutating func advance(x: Double, y: Double, angle: Double, reach: Double, calm: Bool, drift: Double, dt: Double) {
        if calm && time >= 0 {
            let dx = x - self.x, dy = y - self.y
            let moved = (dx * dx + dy * dy).squareRoot() + abs(angle - self.angle) * reach
            if moved <= drift {
                time += dt
                return
            }
        }
        self = RestSpot(x: x, y: y, angle: angle, time: calm ? 0 : -1)
    }
}

/// Where a touching body began resting and how long it has stayed there: within
/// ``SolverPolicy/restDrift`` of one spot trembling no faster than ``SolverPolicy/restTremble``
/// (``near``), and within ``SolverPolicy/restWideDrift`` of another rocking no faster than
/// ``SolverPolicy/restWideTremble`` (``wide``). A piece held between
/// neighbours (a box on a circle, two stacked pieces) can rock in place by a few tenths of a point
/// at a few points per second for ever, fed by the soft contacts and by an edge switching
/// between its ends solved together and one after the other, or by a point or two on a round
/// piece that rolls; by speed alone (``SolverPolicy/sleepLinearSpeed``) its island, often the
/// whole pile, never sleeps. By where it stays, it is at rest.
struct RestAnchor {
    /// The rest within ``SolverPolicy/restDrift``, which counts after ``SolverPolicy/restWindow``.
    var near = RestSpot()
    /// The rest within ``SolverPolicy/restWideDrift``, which counts after ``SolverPolicy/restWideWindow``.
    var wide = RestSpot()

    /// How long the body counts as slow by resting (``SolverPolicy/slowTime(after:vx:vy:w:dt:)``
    /// counts by speed): ready to sleep (``SolverPolicy/sleepWindow``) once it has rested
    /// ``SolverPolicy/restWindow`` near one spot or ``SolverPolicy/restWideWindow`` about one.
    var slowTime: Double {
        Swift.max(0, near.time - (SolverPolicy.restWindow - SolverPolicy.sleepWindow),
                  wide.time - (SolverPolicy.restWideWindow - SolverPolicy.sleepWindow))
    }
}

extension World {
    /// Brings body `i`'s ``RestAnchor`` up to the step that just ended: each rest goes on while
    /// it touches something, trembles slower than its limit and stays within its drift of its
    /// spot; otherwise a new rest begins where it is (if it touches and trembles
    /// slowly) or none.
    func restAnchor(_ i: Int, _ c: StepContext) -> RestAnchor {
        let reach = info[i].reach
        let touching = bodies.inContact[i]
        let speed2 = c.vx[i] * c.vx[i] + c.vy[i] * c.vy[i], turn = abs(c.w[i]) * reach
        @inline(__always) func calm(_ limit: Double) -> Bool { touching && speed2 < limit * limit && turn < limit }
        var rest = bodies.rest[i]
        rest.near.advance(x: c.px[i], y: c.py[i], angle: c.th[i], reach: reach, calm: calm(SolverPolicy.restTremble), drift: SolverPolicy.restDrift, dt: c.dt)
        rest.wide.advance(x: c.px[i], y: c.py[i], angle: c.th[i], reach: reach, calm: calm(SolverPolicy.restWideTremble), drift: SolverPolicy.restWideDrift, dt: c.dt)
        bodies.rest[i] = rest
        return rest
    }
}
