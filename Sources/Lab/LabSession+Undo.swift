import Gestures

/// Ctrl+Z and Ctrl+Shift+Z (issue 39): every value change, paste, preset, variant, scene gesture
/// (a selection, a flick), resume from the past and re-run can be taken back and done again.
/// Values come back as a `params` line in the log (a replay sets them at the same moment); a
/// gesture is taken back by showing the moment before it, held, with the gesture as its future;
/// a resume or re-run by making the run it left current again.
extension LabSession {
    /// Ctrl+Z (`redo`: Ctrl+Shift+Z): takes back (does again) the newest step, with a notice.
    func undo(redo: Bool) {
        guard let step = timeline.takeStep(redo: redo) else {
            moment.overlay.notice(redo ? "nothing to redo" : "nothing to undo", at: now)
            return
        }
        let word = redo ? "redo" : "undo"
        if case .parameters = step {} else if !timeline.canScrub {
            // Moments are rebuilt from the log, which the session outgrew.
            moment.overlay.notice("\(word): the session ran too long to rebuild that moment", at: now)
            return
        }
        switch step {
        case let .parameters(before, after, press):
            setParameters(before)
            timeline.keepInverse(.parameters(before: after, after: before, press: press), redo: redo)
            moment.overlay.notice("\(word): values", at: now)
        case let .timeline(branch, frames):
            guard let inverse = switchRun(to: branch, frames: frames) else {
                moment.overlay.notice("\(word): that run is no longer kept", at: now)
                return
            }
            timeline.keepInverse(inverse, redo: redo)
            moment.overlay.notice("\(word): back to the run at \(timelinePlayheadReadout)", at: now)
        case .moment(let frames):
            let was = timeline.playheadFrames
            restore(keepingFrames: frames)
            timeline.keepInverse(.moment(frames: was), redo: redo)
            holdIfParked()
            moment.overlay.notice("\(word): \(timelinePlayheadReadout)" + (timeline.history.isParked ? " — Space runs on, Enter re-runs" : ""), at: now)
        }
    }

    /// Shows branch `id` after its first `frames` frames (``Timeline/switchToBranch(_:frames:shown:)``),
    /// held when parked. Returns the step that comes back (the run left, at the frame shown
    /// before), or nil when the branch is no longer kept.
    func switchRun(to id: Int, frames: Int) -> TimelineUndoStep? {
        let was = timeline.playheadFrames
        var left: Int?
        replaceMoment { shown in
            guard let (m, l) = timeline.switchToBranch(id, frames: frames, shown: shown) else { return nil }
            left = l
            return m
        }
        guard let left else { return nil }
        holdIfParked()
        return .timeline(branch: left, frames: was)
    }

    /// After an undo parked the playhead, time stands until input acts (as after a scrub while
    /// paused), so the step undone stays the future that redo returns to.
    private func holdIfParked() {
        timeline.history.isHeld = timeline.history.isParked && !moment.clock.isPaused
    }

    /// Sets `values` on both halves as a logged `params` line (so a replay sets them too).
    func setParameters(_ values: ParameterSnapshot) {
        timeline.reanchorAfterIdle(moment)
        materializeHold()
        appendToLog(.parameters(values, at: now))
        syncMoment()
        moment.setParameters(values)
    }

    /// Runs `handle` on an input, recording what it changed for Ctrl+Z: values (one step per
    /// press or key), or a press that started a gesture on a scene (the moment before it) unless
    /// the press resumed from the past (that resume is the step).
    func recordingUndo(_ input: InputEvent, resumedFromPast: Bool, _ handle: () -> LabMoment.Outcome) -> LabMoment.Outcome {
        var mayChangeValues = false, startsGesture = false
        switch input {
        case .pointer(let e):
            mayChangeValues = e.phase != .moved || moment.isPointerDown
            if e.phase == .down { timeline.undoPress += 1; startsGesture = !moment.isPointerDown }
        case .key(let k): mayChangeValues = k.phase == .down
        case .scroll: mayChangeValues = true
        default: break
        }
        guard mayChangeValues else { return handle() }
        let before = moment.parameterSnapshot(), frames = timeline.playheadFrames
        let control = moment.hudControl
        let outcome = handle()
        let after = moment.parameterSnapshot()
        if after != before {
            let press: Int? = if case .pointer = input { timeline.undoPress } else { nil }
            timeline.record(.parameters(before: before, after: after, press: press))
        } else if startsGesture, !resumedFromPast, control == .idle, moment.hudControl == .idle, timeline.canScrub, !isOverHUD(input) {
            timeline.record(.moment(frames: frames))
        }
        return outcome
    }

    /// Whether a pointer `input` is over the HUD column or the code panel (their presses are theirs).
    private func isOverHUD(_ input: InputEvent) -> Bool {
        guard let p = input.location else { return false }
        return !moment.halfFrames.contains { $0.contains(p) } || moment.codePanelContains(p)
    }
}
