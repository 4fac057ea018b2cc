import Geometry
import Animation

/// What the demos with a spring (an attachment's, a snap's) tell E and the fuzzer: the export of
/// one attachment holding a catalog square (100 × 100 pt, density 1: mass 1), and how long such a
/// spring takes to calm a fling.
enum DemoExport {
    /// One attachment of `frequency` Hz and damping ratio `dampingRatio` on a catalog square, as
    /// code for every platform; `arrangement` says where it goes.
    static func attachment(frequency: Double, dampingRatio: Double, arrangement: String, demo: String) -> MotionExport {
        let item = AttachmentExport.item(Size(width: DemoSquare.side, height: DemoSquare.side))
        return MotionExport(
            spring: SpringConversion(frequency: frequency, dampingRatio: dampingRatio, mass: item.mass),
            attachment: MotionExport.Attachment(frequency: frequency, dampingRatio: dampingRatio, arrangement: arrangement),
            origin: "Kinetic dynamics scene, \(demo) demo: a square (\(item.text)) on \(arrangement), "
                + AttachmentExport.text(frequency: frequency, dampingRatio: dampingRatio))
    }

    /// Seconds for a spring of `frequency` Hz and damping ratio `dampingRatio` to bring a fling
    /// (1500 pt of amplitude) under 0.5 pt/s, from its decay rate ζω, plus 2 s; 600 s for an
    /// undamped spring.
    static func decayTime(frequency: Double, dampingRatio: Double) -> Double {
        let omega = 2 * Double.pi * frequency
        // The slowest mode's decay rate: ζω up to critical damping, ω(ζ − √(ζ² − 1)) past it.
        let rate = dampingRatio <= 1 ? dampingRatio * omega : omega * (dampingRatio - (dampingRatio * dampingRatio - 1).squareRoot())
        guard rate > 1e-3 else { return 600 }
        return min(600, log(max(2, omega * 1500 / 0.5)) / rate + 2)
    }

    /// Seconds for linear damping `resistance` (1/s) to bring a fling (20 000 pt/s) under 1 pt/s,
    /// plus 2 s; 600 s without resistance.
    static func resistanceTime(_ resistance: Double) -> Double {
        resistance > 1e-3 ? min(600, 2 * log(20_000) / resistance + 2) : 600
    }
}
