/// A recognizer whose rules are a pure transition function over a phase enum of its own
/// (``TapGestureRecognizer``, ``LongPressGestureRecognizer``, ``PanGestureRecognizer``). The
/// extension is the one driver of such machines, so each recognizer states only its table.
protocol PhaseMachineRecognizer: GestureRecognizer {
    /// Where the machine is.
    associatedtype Phase: RecognizerPhase
    /// The parameters the transition function reads.
    associatedtype Configuration
    /// The machine's current phase.
    var phase: Phase { get set }
    /// The parameters.
    var configuration: Configuration { get }
    /// From `phase`, on `input`: the next phase and the state to request (`nil` for none).
    static func transition(from phase: Phase, on input: GestureInput,
                           configuration: Configuration) -> (phase: Phase, request: GestureRecognizerState?)
}

/// A recognizer's phase enum: its `done` case (an enum case meets the requirement) is where the
/// machine rests once the recognizer ended, until `reset()`.
protocol RecognizerPhase {
    /// Recognized, ended, cancelled or failed.
    static var done: Self { get }
}

extension PhaseMachineRecognizer {
    /// Runs one step of the machine on `input`: the next phase, then the requested state; a state
    /// refused by the delegate, a requirement or the arena ends the machine too (`done`).
    func runMachine(on input: GestureInput) {
        let (next, request) = Self.transition(from: phase, on: input, configuration: configuration)
        phase = next
        if let request { state = request }
        if state.isTerminal { phase = .done }
    }
}
