/// One step Ctrl+Z takes back (and Ctrl+Shift+Z does again; issue 39).
package enum TimelineUndoStep: Equatable {
    /// The values changed from `before` to `after` (a HUD field, a key, a paste, a preset, a
    /// variant); `press` numbers the pointer press that changed them, so one drag of a field is
    /// one step.
    case parameters(before: ParameterSnapshot, after: ParameterSnapshot, press: Int?)
    /// The timeline moved to another run (a resume from the past, a re-run, an undo of one):
    /// taking it back makes branch `branch` current again, after its first `frames` frames.
    case timeline(branch: Int, frames: Int)
    /// A gesture or key acted on a scene (a selection, a flick): taking it back shows the moment
    /// after the first `frames` frames, before it, with the gesture kept as the future.
    case moment(frames: Int)
}

/// Ctrl+Z and Ctrl+Shift+Z: what the session did that can be taken back, newest last.
extension Timeline {
    /// The most steps kept: 200.
    static let maximumUndoSteps = 200

    /// Records `step` as the newest to undo; a new step forgets what could be done again.
    /// A value change during the same press as the newest step joins it.
    func record(_ step: TimelineUndoStep) {
        if case .parameters(_, let after, let press?) = step, case .parameters(let before, _, press)? = undoSteps.last {
            undoSteps[undoSteps.count - 1] = .parameters(before: before, after: after, press: press)
        } else {
            undoSteps.append(step)
            if undoSteps.count > Self.maximumUndoSteps { undoSteps.removeFirst() }
        }
        redoSteps.removeAll()
    }

    /// The newest step to undo (or, `redo`, to do again), taken off its list.
    func takeStep(redo: Bool) -> TimelineUndoStep? {
        redo ? redoSteps.popLast() : undoSteps.popLast()
    }

    /// Puts `step`, the inverse of one just taken, on the other list (``takeStep(redo:)``).
    func keepInverse(_ step: TimelineUndoStep, redo: Bool) {
        if redo { undoSteps.append(step) } else { redoSteps.append(step) }
    }
}
