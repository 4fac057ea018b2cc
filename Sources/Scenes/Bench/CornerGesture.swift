import Geometry
import Gestures

/// The click and the drag ``CornerBenchmark`` scripts for a scene: where the pointer goes, how
/// long it holds before moving (past the scene's long press), and the path it drags along.
struct CornerGesture {
    /// The scene.
    let kind: SceneKind
    /// Seconds the drag's press is held still before the pointer moves: the drag scene's long
    /// press (0.5 s) and a little more; the exchange scene's `minimumPressDuration` (its value
    /// in the case) and 0.15 s more; a twentieth of a second elsewhere.
    let hold: Double

    /// The gesture for `kind` with `parameters` (the case's values).
    init(kind: SceneKind, parameters: [SceneParameter]) {
        self.kind = kind
        switch kind {
        case .drag: hold = 0.7
        case .exchange: hold = (parameters.first { $0.name == "minimumPressDuration" }?.value ?? 0.5) + 0.15
        default: hold = 0.05
        }
    }

    /// When the drag is released, seconds: the press at 0.5 s, its hold and the 1-s drag.
    var releaseTime: Double { 0.5 + hold + 1 }

    /// The centre of the item nearest the middle of the window (the item the click and the drag
    /// take), or the middle of the window when the scene shows none.
    func pressPoint(in scene: any Scene, windowSize: Size) -> Point {
        let middle = Point(x: windowSize.width / 2, y: windowSize.height / 2)
        let centres = scene.itemFrames.map(\.frame.center).filter { $0.isFinite }
        return centres.min { ($0 - middle).length < ($1 - middle).length } ?? middle
    }

    /// The pointer's offset from the press point `s` (0…1) of the way along the drag.
    func offset(at s: Double) -> Vector {
        switch kind {
        case .drag: return Vector(dx: 120 * sin(2 * .pi * s), dy: 120 * (1 - cos(2 * .pi * s)))  // a circle
        case .springy: return Vector(dx: 0, dy: -300 * s)                                        // scrolls the list
        case .cards: return Vector(dx: 0, dy: s < 0.5 ? -300 * s : -150 + 500 * (s - 0.5))       // scrubs up, then down
        case .exchange: return Vector(dx: 200 * s, dy: 120 * s)                                  // over other cells
        case .dynamics, .file: return Vector(dx: 250 * s, dy: -150 * s)                          // throws the item
        }
    }

    /// The input of each of `frames` frames `interval` seconds apart (frame f's events are
    /// stamped (f + 1)·interval, the time its update runs to): a click on `p` at 0.1 s (released
    /// 0.05 s later), a press on `p` at 0.5 s, held ``hold`` seconds, dragged along ``offset(at:)``
    /// for 1 s (a move a frame) and released there.
    func script(from p: Point, frames: Int, interval: Double) -> [[InputEvent]] {
        var out = Array(repeating: [InputEvent](), count: frames)
        func at(_ seconds: Double) -> Int { min(frames - 1, max(0, Int(saturating: (seconds / interval).rounded()) - 1)) }
        func time(_ f: Int) -> Double { Double(f + 1) * interval }
        let click = at(0.1), clickUp = at(0.15)
        out[click].append(.moved(p, at: time(click)))
        out[click].append(.down(p, at: time(click)))
        out[clickUp].append(.up(p, at: time(clickUp)))
        let press = at(0.5), start = at(0.5 + hold)
        out[press].append(.down(p, at: time(press)))
        let moves = Int(saturating: (1 / interval).rounded())
        var last = p
        for i in 1...moves where start + i < frames {
            last = p + offset(at: Double(i) / Double(moves))
            out[start + i].append(.moved(last, at: time(start + i)))
        }
        let release = min(frames - 1, start + moves + 1)
        out[release].append(.up(last, at: time(release)))
        return out
    }
}
