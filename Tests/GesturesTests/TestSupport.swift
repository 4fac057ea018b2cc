import Testing
import Geometry
@testable import Gestures

/// Records every state a recognizer's handler saw, in order.
final class StateLog {
    var states: [GestureRecognizerState] = []
    init(_ recognizer: GestureRecognizer) {
        recognizer.addTarget { [unowned self] r in self.states.append(r.state) }
    }
}

/// A coordinate space offset by `origin` and scaled by `scale` (view = (window − origin) / scale).
final class OffsetSpace: GestureCoordinateSpace {
    let origin: Point
    let scale: Double
    init(origin: Point, scale: Double = 1) { self.origin = origin; self.scale = scale }
    func convertFromWindow(_ p: Point) -> Point { Point(x: (p.x - origin.x) / scale, y: (p.y - origin.y) / scale) }
    func convertToWindow(_ p: Point) -> Point { Point(x: p.x * scale + origin.x, y: p.y * scale + origin.y) }
}

/// A delegate built from closures.
final class ClosureDelegate: GestureRecognizerDelegate {
    var shouldBegin: (GestureRecognizer) -> Bool = { _ in true }
    var simultaneous: (GestureRecognizer, GestureRecognizer) -> Bool = { _, _ in false }
    var shouldReceive: (GestureRecognizer, PointerEvent) -> Bool = { _, _ in true }
    func gestureRecognizerShouldBegin(_ g: GestureRecognizer) -> Bool { shouldBegin(g) }
    func gestureRecognizer(_ g: GestureRecognizer, shouldRecognizeSimultaneouslyWith o: GestureRecognizer) -> Bool { simultaneous(g, o) }
    func gestureRecognizer(_ g: GestureRecognizer, shouldReceive e: PointerEvent) -> Bool { shouldReceive(g, e) }
}

func pt(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

/// Walks a recognizer's pure transition table row by row: from the first phase, on the input, the
/// machine goes to the second phase and requests the state (nil: none).
func expectTransitions<R: PhaseMachineRecognizer>(
    of _: R.Type, configuration c: R.Configuration,
    _ rows: [(R.Phase, GestureInput, R.Phase, GestureRecognizerState?)],
    sourceLocation: SourceLocation = #_sourceLocation
) where R.Phase: Equatable {
    for (from, input, to, request) in rows {
        let r = R.transition(from: from, on: input, configuration: c)
        #expect(r.phase == to, "\(from) on \(input)", sourceLocation: sourceLocation)
        #expect(r.request == request, "\(from) on \(input)", sourceLocation: sourceLocation)
    }
}
