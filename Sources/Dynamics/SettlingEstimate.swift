import Geometry

/// How long an item hanging from attachment springs takes to come to rest, from the motion's
/// modes linearised about its rest position: what a HUD can promise after a release.
///
/// Each spring of frequency f and damping ratio ζ (``AttachmentBehavior/frequency``,
/// ``AttachmentBehavior/damping``, defined for the item's own mass as UIKit defines them) pulls
/// along its line only, so per unit mass it adds stiffness ω²·ûûᵀ and damping 2ζω·ûûᵀ, where
/// ω = 2πf and û is the unit vector from its anchor to the item; a spring stretched at rest also
/// adds a sideways stiffness ω²·(L − L₀)/L·(I − ûûᵀ). The 2 × 2 stiffness gives two modes; each
/// keeps the damping along its own direction (exact when, as for equal springs, damping is
/// proportional to stiffness). Four springs to the corners of one small square pull a far item
/// almost in parallel: stiff towards the square, soft across it, with stiffness and damping
/// ratio falling with (squareSize / distance), so its sideways mode is slow and barely damped
/// (f ≈ 0.64 Hz and ζ ≈ 0.05 for a cell 500 pt from a 40-pt square of 8 Hz, ζ 0.6 springs).
///
/// A mode comes to rest when its envelope is within the position tolerance and its speed
/// envelope within the speed tolerance, or earlier, when the animator puts the item to sleep: a
/// body slower than ``SolverPolicy/sleepLinearSpeed`` (1 pt/s) for ``SolverPolicy/sleepWindow``
/// (0.2 s) sleeps where it is. A slow swing dwells that long at its turning points once its
/// amplitude is below 1 / (ω·sin(ω·0.2 s / 2)) points (2.8 pt at 0.3 Hz, 0.6 pt at 0.64 Hz), so a
/// far cell's swing ends there, as it does on screen. The item rests when its slowest mode does.
public enum SettlingEstimate {
    /// One attachment spring.
    public struct Spring: Sendable, Equatable {
        /// The anchor, points.
        public var anchor: Point
        /// Rest length, points.
        public var length: Double
        /// Frequency, Hz (for the item's mass).
        public var frequency: Double
        /// Damping ratio.
        public var damping: Double
        /// A spring as given.
        public init(anchor: Point, length: Double, frequency: Double, damping: Double) {
            self.anchor = anchor; self.length = length; self.frequency = frequency; self.damping = damping
        }
        /// The spring an anchor attachment holds (its anchor, length, frequency and damping).
        public init(_ attachment: AttachmentBehavior) {
            self.init(anchor: attachment.anchorPoint, length: attachment.length, frequency: attachment.frequency,
                      damping: attachment.damping)
        }
    }

    /// A mode of an item's motion about its rest position.
    public struct Mode: Sendable, Equatable {
        /// Unit direction of the motion.
        public var direction: Vector
        /// Undamped frequency, Hz (0 for a direction nothing holds).
        public var frequency: Double
        /// Damping ratio.
        public var dampingRatio: Double
    }

    /// The two modes of an item resting at `rest` on `springs`, slowest (lowest frequency) first.
    public static func modes(rest: Point, springs: [Spring]) -> [Mode] {
        // Per unit mass: stiffness (kxx, kxy, kyy) and damping (cxx, cxy, cyy).
        var kxx = 0.0, kxy = 0.0, kyy = 0.0, cxx = 0.0, cxy = 0.0, cyy = 0.0
        for s in springs where s.frequency > 0 {
            let d = rest - s.anchor
            let l = d.length
            let w = 2 * Double.pi * s.frequency
            guard l > 1e-9 else {
                // Resting on its anchor (length 0, as springy's rows hang): it pulls back whichever
                // way the item goes, alike in every direction.
                kxx += w * w; kyy += w * w
                cxx += 2 * s.damping * w; cyy += 2 * s.damping * w
                continue
            }
            let ux = d.dx / l, uy = d.dy / l
            let k = w * w, c = 2 * s.damping * w
            kxx += k * ux * ux; kxy += k * ux * uy; kyy += k * uy * uy
            cxx += c * ux * ux; cxy += c * ux * uy; cyy += c * uy * uy
            // A stretched spring's tension holds sideways too.
            let g = k * (l - s.length) / l
            kxx += g * (1 - ux * ux); kxy -= g * ux * uy; kyy += g * (1 - uy * uy)
        }
        // Eigenvalues of the symmetric stiffness, smallest first.
        let mean = (kxx + kyy) / 2, diff = (kxx - kyy) / 2
        let r = (diff * diff + kxy * kxy).squareRoot()
        let values = [mean - r, mean + r]
        return values.enumerated().map { index, lambda in
            var e: Vector
            if r < 1e-12 * max(abs(mean), 1) {
                e = index == 0 ? Vector(dx: 1, dy: 0) : Vector(dx: 0, dy: 1)
            } else if abs(kxy) > 1e-12 * max(abs(mean), 1) {
                e = Vector(dx: kxy, dy: lambda - kxx)
            } else {
                e = (kxx - lambda).magnitude < (kyy - lambda).magnitude ? Vector(dx: 1, dy: 0) : Vector(dx: 0, dy: 1)
            }
            let n = e.length
            e = Vector(dx: e.dx / n, dy: e.dy / n)
            let omega = max(lambda, 0).squareRoot()
            let c = e.dx * e.dx * cxx + 2 * e.dx * e.dy * cxy + e.dy * e.dy * cyy
            return Mode(direction: e, frequency: omega / (2 * .pi), dampingRatio: omega > 0 ? c / (2 * omega) : .infinity)
        }
    }

    /// How one mode of an item's motion dies away from a given state.
    public struct Decay: Sendable, Equatable {
        /// The mode.
        public var mode: Mode
        /// The envelope of the displacement along the mode at the start, points.
        public var amplitude: Double
        /// The rate the envelope decays at, 1/s (the envelope is `amplitude`·e^(−rate·t)).
        public var rate: Double
        /// Seconds until the mode rests (``time(position:velocity:rest:springs:positionTolerance:speedTolerance:)``).
        public var time: Double
    }

    /// Seconds until an item at `position` moving at `velocity` (points, points per second) on
    /// `springs` comes to rest: within `positionTolerance` points (default 0.5) of `rest` and
    /// slower than `speedTolerance` points per second (default 1), or asleep in its animator,
    /// whichever comes first. 0 when it already is, infinity when a direction it moves in is not held.
    public static func time(position: Point, velocity: Vector, rest: Point, springs: [Spring],
                            positionTolerance: Double = 0.5, speedTolerance: Double = 1) -> Double {
        slowestDecay(position: position, velocity: velocity, rest: rest, springs: springs,
                     positionTolerance: positionTolerance, speedTolerance: speedTolerance).time
    }

    /// The mode that rests last from this state, with its envelope (see ``time(position:velocity:rest:springs:positionTolerance:speedTolerance:)``).
    public static func slowestDecay(position: Point, velocity: Vector, rest: Point, springs: [Spring],
                                    positionTolerance: Double = 0.5, speedTolerance: Double = 1) -> Decay {
        let x = position - rest
        var worst: Decay?
        for m in modes(rest: rest, springs: springs) {
            let q = x.dx * m.direction.dx + x.dy * m.direction.dy
            let v = velocity.dx * m.direction.dx + velocity.dy * m.direction.dy
            let d = decay(q: q, v: v, mode: m, positionTolerance: positionTolerance, speedTolerance: speedTolerance)
            if worst == nil || d.time > worst!.time { worst = d }
        }
        return worst ?? Decay(mode: Mode(direction: Vector(dx: 1, dy: 0), frequency: 0, dampingRatio: 0), amplitude: 0, rate: 0, time: 0)
    }

    /// How one mode, at displacement `q` and speed `v`, decays, and when it is within both tolerances.
    static func decay(q: Double, v: Double, mode m: Mode, positionTolerance tp: Double, speedTolerance tv: Double) -> Decay {
        let amplitudeNow = (q * q + v * v).squareRoot()
        if abs(q) <= tp * 0.01 && abs(v) <= tv * 0.01 { return Decay(mode: m, amplitude: amplitudeNow, rate: 0, time: 0) }
        let w = 2 * Double.pi * m.frequency
        guard w > 0, m.dampingRatio > 0 else {
            return Decay(mode: m, amplitude: abs(q), rate: 0, time: abs(v) <= tv && abs(q) <= tp ? 0 : .infinity)
        }
        let z = m.dampingRatio
        // Envelopes of position and speed, and the rate they decay at.
        let amplitude: Double, speedAmplitude: Double, rate: Double
        if z < 0.999 {
            rate = z * w
            let wd = w * (1 - z * z).squareRoot()
            amplitude = (q * q + ((v + rate * q) / wd) * ((v + rate * q) / wd)).squareRoot()
            speedAmplitude = amplitude * w
        } else {
            // Overdamped (or critical, taken as just over): the slow exponential is what is left.
            let zz = max(z, 1.001)
            let root = (zz * zz - 1).squareRoot()
            let slow = w * (zz - root), fast = w * (zz + root)
            rate = slow
            amplitude = abs((v + fast * q) / (fast - slow))
            speedAmplitude = amplitude * slow
        }
        let tPosition = amplitude > tp ? log(amplitude / tp) / rate : 0
        let tSpeed = speedAmplitude > tv ? log(speedAmplitude / tv) / rate : 0
        let t = min(max(tPosition, tSpeed), sleepTime(amplitude: amplitude, speedAmplitude: speedAmplitude, rate: rate, omega: w,
                                                      oscillates: z < 0.999))
        return Decay(mode: m, amplitude: amplitude, rate: rate, time: t)
    }

    /// Seconds until the animator puts a mode to sleep: its speed below ``SolverPolicy/sleepLinearSpeed``
    /// for ``SolverPolicy/sleepWindow`` on end. A decaying oscillation of angular frequency
    /// `omega` dwells that long at a turning point once its amplitude is below
    /// v / (ω·sin(ω·window / 2)); a non-oscillating mode, one window after its speed is below v.
    static func sleepTime(amplitude: Double, speedAmplitude: Double, rate: Double, omega: Double, oscillates: Bool) -> Double {
        let v = SolverPolicy.sleepLinearSpeed, window = SolverPolicy.sleepWindow
        guard oscillates, omega * window / 2 < .pi / 2 else {
            return (speedAmplitude > v ? log(speedAmplitude / v) / rate : 0) + window
        }
        let dwellAmplitude = v / (omega * sin(omega * window / 2))
        return (amplitude > dwellAmplitude ? log(amplitude / dwellAmplitude) / rate : 0) + window / 2
    }
}
