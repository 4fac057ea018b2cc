import Lab
import SDLBackend

/// The window's frame loop: frames while something may change the picture (``IdlePolicy``),
/// sleep until input otherwise, and the timeline's checkpoints replayed in the spare time.
extension App {
    /// Draws while ``IdlePolicy`` says something may change, otherwise sleeps until input. The
    /// first frame, and the first after an idle wait, simulate one refresh interval; their frame
    /// time is not counted in ``statistics`` (an idle wait is not a slow frame).
    func runWindowed() throws {
        let start = SDLSystem.seconds()
        eventTimes.origin = SDLSystem.eventSeconds()
        var previous = 0.0
        let interval = 1.0 / refreshRate
        let vsyncOff = !(window?.vsync ?? true)
        var resumed = true                  // first frame, or first after an idle wait
        var drawn = 0                       // frames drawn (--frames; a parked timeline steps none)
        var lastPresent: Double?            // nil: no present to measure the next frame from
        if vsyncOff { SDLSystem.preciseSleeps() }
        pacer = FramePacer(interval: interval, pacesAlone: vsyncOff)
        var reasons = IdlePolicy.Reasons(inputArrived: true)
        var woken: [BackendEvent] = []
        var quit = false
        session.timeline.advancesInStep = false
        while session.isRunning && !quit {
            if !reasons.any {
                woken = waitForInput(start: start)
                resumed = true
                lastPresent = nil
                pacer?.restart()
            }
            frameStart = SDLSystem.seconds()
            // The host's clock: the session's own runs behind it after a scrub (LabSession.now).
            let hostNow = frameStart - start
            session.now = hostNow
            let events = woken + EventTranslator.poll()
            woken = []
            for e in events { quit = handleBackend(e) || quit }
            if session.checkSceneFile() { target.renderer.images.forgetAll() }
            session.deliverScript(upTo: hostNow)
            session.step(realDt: resumed ? interval : hostNow - previous)
            resumed = false
            previous = hostNow
            eventTimes.earliest = hostNow
            let gesture = session.isGestureFrame
            drawn += 1
            let last = options.frames.map { drawn >= $0 } ?? false
            render(last: last || quit || !session.isRunning)
            let presented = SDLSystem.seconds()
            // Input to photon: from the newest pointer event this frame consumed to the present
            // (both on SDL's event clock, milliseconds).
            let latency = events.lazy.compactMap(\.pointerTime).max().map { SDLSystem.eventSeconds() - $0 }
            // The frame's own cost: its work up to the present, less the replay before it, and the
            // present's own work (not its wait for the blank).
            let busy = presentStart - frameStart - replayedBeforePresent - heldBeforePresent + min(presentEnd - presentStart, presentCPU)
            pacer?.presented(start: presentStart, end: presentEnd)
            statistics.record(frameTime: lastPresent.map { presented - $0 }, gesture: gesture, work: presented - frameStart,
                              latency: latency, busy: busy)
            session.timeline.spareTime.recordPresent(start: presentStart, end: presentEnd, cpu: presentCPU, replayed: replayedBeforePresent,
                                    period: lastPresent.map { presented - $0 }, interval: interval)
            lastPresent = presented
            if last { quit = true }
            reasons = IdlePolicy.Reasons(inputArrived: !events.isEmpty, countingFrames: options.frames != nil,
                                         scriptPending: session.scriptPending, appRequestPending: session.requestPending,
                                         sceneNeedsFrame: session.scenesNeedFrame,
                                         drawingRefines: target.renderer.lastStandInStamps > 0)
            // Not while a button is down: on a 2-core machine the replay after a frame competes with
            // the window system for the next one (at 144 Hz, latency p99 9.0 → 10.2 ms, 5 runs each).
            if !session.isPointerDown {
                session.timeline.replayInSpareTime(until: pacer?.replayDeadline(frameStart: frameStart) ?? frameStart, clock: SDLSystem.seconds)
            }
            // Pace to the refresh rate where vsync does not (see FramePacer).
            SDLSystem.delay(pacer?.sleep(frameStart: frameStart, now: SDLSystem.seconds()) ?? 0)
        }
    }

    /// Sleeps in ``EventTranslator/wait(timeout:)`` until an event Kinetic uses arrives (returned,
    /// to be handled in the next frame) or the overlay's next timed change is due (returns no
    /// events). Draws nothing.
    func waitForInput(start: Double) -> [BackendEvent] {
        while true {
            let t = SDLSystem.seconds() - start
            // The overlay's times are the session's: back on the host's clock for the wait.
            let next = session.overlay.nextChange(after: session.now).map { $0 + session.timeShift }
            guard var timeout = IdlePolicy.waitTimeout(now: t, nextChange: next) else { return [] }
            // A scene file is looked at a few times a second while idle (live reload).
            if session.watchesSceneFile { if session.checkSceneFile() { target.renderer.images.forgetAll(); return [] }; timeout = min(timeout, 0.2) }
            if session.timeline.checkpointWorkPending && !session.isPointerDown {
                // Idle time is spare time: replay a quarter of a refresh interval's worth (a frame
                // at least), then look for input, so input waits little behind it.
                let replayed = session.timeline.replayInSpareTime(until: SDLSystem.seconds() + min(timeout, 0.25 / refreshRate),
                                                                  atLeastOne: true, clock: SDLSystem.seconds)
                let events = EventTranslator.poll()
                if !events.isEmpty { return events }
                if replayed > 0 { continue }
            }
            let events = EventTranslator.wait(timeout: timeout)
            if !events.isEmpty { return events }
        }
    }

    /// Handles one window event; returns whether it asks to quit (the window closed).
    func handleBackend(_ e: BackendEvent) -> Bool {
        switch e {
        case .resized:
            window?.updateSize()
            session.resize(to: target.size)
        case .quit: return true
        default:
            if let input = App.inputEvent(from: e, unitsPerPoint: window?.unitsPerPoint ?? 1,
                                          time: { self.eventTimes.time(of: $0, now: self.session.hostNow) }) {
                session.dispatch(input)
            }
        }
        return false
    }
}
