import Drawing
import Lab
import SDLBackend

/// The headless frame loop: a fixed frame interval, script events by their timestamps, or a
/// recording replayed frame by frame.
extension App {
    /// Fixed frame interval, script events by their timestamps: the same input gives the same frames.
    /// Script times are at most ``InputScript/maximumTime``, so the frame count cannot overflow.
    ///
    /// A script with frame lines (a Ctrl+R recording) is replayed instead: each frame as the live
    /// session stepped it (``LabSession/beginReplayFrame(interval:runsOn:)``), then frames at
    /// `--fps` until the scenes rest (or `--frames` frames in all, the prelude counted). Frames
    /// before the recording's mark (its prelude) are simulated but not put into `--video`; while
    /// rendering a video they are not drawn either (``simulatePreludeFrame()``).
    func runHeadless() throws {
        let interval = 1.0 / Double(options.fps)
        let replay = session.scriptHasFrames, runsOn = options.frames != nil
        // With a script and no --frames: run until one second after the last event (a replay,
        // until it says it is over).
        let total = options.frames ?? (replay ? Int.max : Int(saturating: ((session.scriptEnd + 1) / interval).rounded(.up)))
        // A clip's bar (`--progress`) counts the frames that go into the video: the prelude,
        // simulated without drawing, takes little of the time.
        let prelude = video != nil && replay ? min(session.scriptPreludeFrames, max(total - 1, 0)) : 0
        var frame = 0
        while session.isRunning && frame < total {
            // SIGINT / SIGTERM (which SDL turns into a quit request) end the run like closing the
            // window does: this frame is the last one, then the dump and recording are written.
            let quitting = SDLSystem.quitRequested()
            // The frame time headless is the real time spent producing the frame (logic + render).
            let started = SDLSystem.seconds()
            let realDt: Double
            if replay {
                guard let dt = session.beginReplayFrame(interval: interval, runsOn: runsOn) else { break }
                realDt = dt
            } else {
                session.now = Double(frame + 1) * interval
                session.deliverScript(upTo: session.hostNow)
                realDt = interval
            }
            frame += 1
            session.step(realDt: realDt)
            let gesture = session.isGestureFrame
            let last = frame == total || quitting || (replay && session.replayIsOver(runsOn: runsOn))
            if !last && video != nil && !session.scriptMarkReached {
                simulatePreludeFrame()
            } else {
                render(last: last)
            }
            // The live window drew nothing while nothing changed: the video holds this picture
            // for as long (at most 10 minutes at a time), so it runs in the session's real time.
            if replay, let next = session.nextReplayFrameTime, video != nil, session.scriptMarkReached {
                let held = ReplayVideoLength.heldFrames(from: session.now, to: next, fps: options.fps)
                for _ in 0..<held where videoError == nil { writeVideoFrame() }
            }
            let spent = SDLSystem.seconds() - started
            statistics.record(frameTime: spent, gesture: gesture, work: spent)
            // A window rendering this run as a clip follows it (``BackgroundRenderProcess``).
            if options.progress, total != Int.max, frame > prelude, (frame - prelude) % 6 == 0 || frame == total {
                StandardStream.error.write("progress \(frame - prelude) \(total - prelude)\n")
            }
            if quitting { break }
        }
    }

    /// A frame of a recording's prelude (before its mark) while rendering `--video`: laid out as
    /// ``render(last:)`` lays it out (drawing a display list may move a scene's state on), but not
    /// rasterized, presented or encoded, so a clip renders in the time of its own frames. A list
    /// the renderer would partly skip is drawn after all, so the scene resets as the live one did.
    func simulatePreludeFrame() {
        list.removeAll()
        session.drawScenes(into: &list)
        if options.pointer { session.drawPointerMarker(into: &list) }
        if !options.clean { overlay.draw(session: session, measurer: target.renderer, into: &list) }
        if session.overlay.pendingScreenshot || list.items.contains(where: { !$0.command.isDrawable }) { render(last: false) }
    }
}
