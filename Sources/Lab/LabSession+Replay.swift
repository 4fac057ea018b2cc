/// Replaying a script with frame lines (a Ctrl+R recording) exactly: the host asks for each
/// frame with ``beginReplayFrame(interval:runsOn:)``, then steps and draws it as usual.
extension LabSession {
    /// How long, after its last input, a replay may run on waiting for the scenes to come to
    /// rest: 60 s of app time.
    package static let replaySettleLimit = 60.0

    /// Whether the replay ends before another frame: no frame line is left and (unless it
    /// `runsOn`, for `--frames`) the scenes are at rest with nothing pending (or paused: Space
    /// stops simulated time, so every further frame would look the same), or
    /// ``replaySettleLimit`` has passed since the last input.
    package func replayIsOver(runsOn: Bool) -> Bool {
        if script[scriptCursor...].contains(where: \.isFrame) || runsOn { return false }
        let atRest = !scriptPending && (!scenesNeedFrame || clock.isPaused) && !requestPending
        return atRest || now >= scriptLastInput + Self.replaySettleLimit
    }

    /// The frame lines before the script's mark (a recording's prelude, which `--video` leaves
    /// out); 0 for a script without a mark.
    package var scriptPreludeFrames: Int {
        guard let mark = script.firstIndex(where: { if case .mark = $0 { true } else { false } }) else { return 0 }
        return script[..<mark].reduce(0) { $0 + ($1.isFrame ? 1 : 0) }
    }

    /// The app time of the replay's next frame line, nil when none is left: a gap after the
    /// frame just stepped is time the live window sat idle (it draws no frames while nothing
    /// changes), which a video shows as the same picture held.
    package var nextReplayFrameTime: Double? {
        guard let i = script[scriptCursor...].firstIndex(where: \.isFrame), case .frame(let t, _) = script[i] else { return nil }
        return t
    }

    /// Starts the replay's next frame: sets ``now`` and delivers the lines before it in file
    /// order (inputs, resizes, the mark), as the live session did, and returns the frame's
    /// `realDt` for ``step(realDt:)``; nil when ``replayIsOver(runsOn:)``.
    ///
    /// The script's frame lines come first, each with its own `now` and `realDt`. After the last
    /// one the replay goes on every `interval` seconds (`--fps`) on that grid (the first grid time
    /// after the last frame; headless frames are on it, so a replay of a headless session goes on
    /// as the session did), delivering any lines left, until the scenes rest.
    package func beginReplayFrame(interval: Double, runsOn: Bool) -> Double? {
        if let i = script[scriptCursor...].firstIndex(where: \.isFrame), case .frame(let t, let dt) = script[i] {
            now = t
            while scriptCursor < i { deliver(script[scriptCursor]); scriptCursor += 1 }
            scriptCursor = i + 1
            return dt
        }
        if replayIsOver(runsOn: runsOn) { return nil }
        now = ((now / interval + 1e-9).rounded(.down) + 1) * interval
        while scriptCursor < script.count { deliver(script[scriptCursor]); scriptCursor += 1 }
        return interval
    }
}
