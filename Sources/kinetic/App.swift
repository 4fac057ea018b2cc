import Foundation
import Geometry
import Drawing
import Gestures
import Lab
import LabUI
import SDLBackend

/// The lab on a screen: SDL's window (or a headless canvas), its frame loop and drawing. What
/// happens in the lab (scenes, hotkeys, compare, recording, the dump) is the ``LabSession``'s;
/// the app feeds it events and time and draws what it describes.
///
/// A frame: input (SDL events or script lines) → ``LabSession/dispatch(_:)`` → the session's
/// ``FrameClock`` turns the frame's real time into simulated time (snapped to whole refresh
/// intervals, scaled by slow motion; the solver cuts it into substeps) → scenes update → display
/// list (scenes, then the overlay) → renderer → present.
///
/// In a window, frames are drawn only while something may change the picture (``IdlePolicy``);
/// otherwise the loop sleeps until an event. Every presented frame goes into ``statistics``.
final class App {
    let options: RunCommand
    let target: any RenderTarget
    let window: AppWindow?
    /// The lab itself.
    let session: LabSession
    /// The title line, HUD, help card and notices, drawn from the session.
    var overlay = Overlay()
    private var list = DisplayList()
    /// Frame counts and times of the presented frames (`--stats`).
    private(set) var statistics = FrameStatistics()
    /// `--clean`: the part of each frame videos and screenshots keep (pixels), else nil.
    private let cleanRegion: (x: Int, y: Int, width: Int, height: Int)?
    /// Encodes the headless run's frames (`--video`), or nil.
    private var video: VideoEncoder?
    /// Why the video stopped (ffmpeg failed); the run ends and reports it.
    private var videoError: Error?
    /// Why `--screenshot` could not be written (a full disk); the run reports it at exit.
    private var screenshotError: Error?
    /// The scene named in the window's title.
    private var titledScene = ""
    /// Maps SDL's event timestamps onto the session's clock.
    private var eventTimes = EventClock()
    /// The timeline's checkpoints replay in the frames' spare time (see ``SpareTimeReplay``).
    private var spareTime = SpareTimeReplay()
    /// Whether ``render(last:)`` replays checkpoints before presenting (a window).
    private var replaysBeforePresent = false
    /// The last present's start and end, the process's CPU time during it and the replay before
    /// it, seconds (for ``spareTime``).
    private var presentStart = 0.0, presentEnd = 0.0, presentCPU = 0.0, replayedBeforePresent = 0.0

    /// Owns every SDL object of the run (SDL itself, the window or canvas, its renderer, the
    /// cached text); ``close()`` releases them in dependency order.
    private let sdl: SDLSession

    init(options: RunCommand, size: Size) throws {
        self.options = options
        cleanRegion = App.cleanRegion(size: size, options: options)
        // Everything that reads files or may fail without SDL comes first, so a bad argument
        // never leaves SDL half started.
        if options.video != nil, VideoEncoder.locate() == nil {
            throw KineticError("--video needs ffmpeg, which is not installed: \(VideoEncoder.installHint)")
        }
        let headless = options.headless
        session = try LabSession(options.labConfiguration, services: App.services(windowed: !headless))
        let sdl: SDLSession
        do {
            sdl = try SDLSession(headless ? .headless : .windowed)
        } catch let e as SDLError where e.operation == "display" {
            session.abandon()
            throw KineticError(e.message)
        } catch {
            session.abandon()
            throw error
        }
        do {
            if headless {
                target = try sdl.makeCanvas(size: size, scale: Double(options.scale))
                window = nil
            } else {
                let w = try sdl.makeWindow(title: "Kinetic", size: size, extraScale: Double(options.scale))
                // A display that reports no refresh rate has no vsync to pace --refresh: SDL would
                // simulate one at 60 Hz. The frame limiter paces instead.
                if options.refresh != nil && w.refreshRate == nil { w.setVSync(false) }
                target = w
                window = w
            }
            if let path = options.video, let canvas = target as? HeadlessCanvas {
                var (w, h) = try canvas.withPixels { _, _, w, h in (w, h) }
                if let r = cleanRegion { (w, h) = (r.width, r.height) }
                // Outputs go through a symlink to its target, so the link stays a link.
                // SIGTERM ends a write that waits on an ffmpeg that stopped reading.
                video = try VideoEncoder(path: AtomicFile.writeTarget(of: path), width: w, height: h, fps: options.fps,
                                         interrupted: { SDLSystem.quitRequested() }, clearInterruption: { SDLSystem.clearQuitRequest() })
            }
        } catch let e as SDLError where e.operation == "display" {
            session.abandon()
            sdl.close()
            throw KineticError(e.message)
        } catch {
            session.abandon()
            sdl.close()
            throw error
        }
        self.sdl = sdl
        SDLSystem.endRunOnHangupAndQuit()
        session.open(size: target.size, frameRate: headless ? Double(options.fps) : refreshRate,
                     textMeasurer: target.renderer)
    }

    /// Writes the frame just drawn to `--video` (its scenes' area with `--clean`); a failure
    /// ends the run, which reports it.
    private func writeVideoFrame() {
        guard let v = video, let canvas = target as? HeadlessCanvas else { return }
        do {
            try canvas.withPixels { pixels, pitch, _, _ in
                // --clean: the scene's area only, the rows from its top-left pixel on.
                let start = cleanRegion.map { $0.y * pitch + $0.x * 4 } ?? 0
                try v.write(UnsafeRawBufferPointer(rebasing: pixels[start...]), pitch: pitch)
            }
        } catch {
            videoError = error
            session.isRunning = false
        }
    }

    /// `--clean` in a frame of `size` points: the pixels of the scenes' area as the run starts
    /// (beside the HUD's column, below the title bar), which videos and screenshots keep.
    static func cleanRegion(size: Size, options: RunCommand) -> (x: Int, y: Int, width: Int, height: Int)? {
        guard options.clean, options.headless else { return nil }
        let content = HUDLayout.contentFrame(in: size, expanded: size.width >= HUDLayout.collapseBelowWidth)
        let s = Double(options.scale)
        // Whole pixels inside the frame (the content frame is in points).
        let x0 = Int(saturating: (content.minX * s).rounded(.up)), y0 = Int(saturating: (content.minY * s).rounded(.up))
        let x1 = Int(saturating: (content.maxX * s).rounded(.down)), y1 = Int(saturating: (content.maxY * s).rounded(.down))
        // Even sizes: H.264 in yuv420p needs them.
        return (x0, y0, (x1 - x0) / 2 * 2, (y1 - y0) / 2 * 2)
    }

    /// The terminal, the clipboard (a window's), file names from the local time and (a window's)
    /// clips rendered in the background.
    private static func services(windowed: Bool) -> LabServices {
        LabServices(print: { text in
                        if let problem = StandardStream.output.write(text) { warn("cannot write to standard output: \(problem)") }
                    }, warn: { warn($0) },
                    copyToClipboard: windowed ? { text in
                        do { try Clipboard.setText(text) } catch let e as SDLError { throw KineticError(e.message) }
                    } : nil,
                    pasteFromClipboard: windowed ? { Clipboard.text() } : nil,
                    fileStamp: {
                        let f = DateFormatter()
                        f.dateFormat = "yyyyMMdd-HHmmss"
                        return f.string(from: Date())
                    },
                    startRender: windowed ? { try BackgroundRenderProcess(arguments: $0) } : nil)
    }

    /// The refresh rate the window's frame limiter and clock assume, Hz: `--refresh`, else the
    /// display's, else 60.
    private var refreshRate: Double {
        options.refresh ?? window?.refreshRate.map(Double.init) ?? 60
    }

    /// Releases every SDL object in dependency order and quits SDL. Call on every exit path
    /// (``RunCommand`` does, before it may `exit`); the app draws nothing afterwards.
    func close() {
        video?.abandon()  // a run that ended by an error leaves no partial video
        video = nil
        sdl.close()
    }

    // MARK: Loops

    func run() throws {
        if options.headless { try runHeadless() } else { try runWindowed() }
        try finish()
    }

    /// Fixed frame interval, script events by their timestamps: the same input gives the same frames.
    /// Script times are at most ``InputScript/maximumTime``, so the frame count cannot overflow.
    ///
    /// A script with frame lines (a Ctrl+R recording) is replayed instead: each frame as the live
    /// session stepped it (``LabSession/beginReplayFrame(interval:runsOn:)``), then frames at
    /// `--fps` until the scenes rest (or `--frames` frames in all, the prelude counted). Frames
    /// before the recording's mark (its prelude) are simulated and drawn but not put into `--video`.
    private func runHeadless() throws {
        let interval = 1.0 / Double(options.fps)
        let replay = session.scriptHasFrames, runsOn = options.frames != nil
        // With a script and no --frames: run until one second after the last event (a replay,
        // until it says it is over).
        let total = options.frames ?? (replay ? Int.max : Int(saturating: ((session.scriptEnd + 1) / interval).rounded(.up)))
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
            render(last: frame == total || quitting || (replay && session.replayIsOver(runsOn: runsOn)))
            // The live window drew nothing while nothing changed: the video holds this picture
            // for as long (at most 10 minutes at a time), so it runs in the session's real time.
            if replay, let next = session.nextReplayFrameTime, video != nil, session.scriptMarkReached {
                let held = min(Int(saturating: ((next - session.now) / interval).rounded()) - 1, 600 * options.fps)
                if held > 0 { for _ in 0..<held where videoError == nil { writeVideoFrame() } }
            }
            let spent = SDLSystem.seconds() - started
            statistics.record(frameTime: spent, gesture: gesture, work: spent)
            // A window rendering this run as a clip follows it (``BackgroundRenderProcess``).
            if options.progress, total != Int.max, frame % 6 == 0 || frame == total {
                StandardStream.error.write("progress \(frame) \(total)\n")
            }
            if quitting { break }
        }
    }

    /// Draws while ``IdlePolicy`` says something may change, otherwise sleeps until input. The
    /// first frame, and the first after an idle wait, simulate one refresh interval; their frame
    /// time is not counted in ``statistics`` (an idle wait is not a slow frame).
    private func runWindowed() throws {
        let start = SDLSystem.seconds()
        eventTimes.origin = SDLSystem.eventSeconds()
        var previous = 0.0
        let interval = 1.0 / refreshRate
        let vsyncOff = !(window?.vsync ?? true)
        var resumed = true                  // first frame, or first after an idle wait
        var drawn = 0                       // frames drawn (--frames; a parked timeline steps none)
        var lastPresent: Double?            // nil: no present to measure the next frame from
        var pacer = FramePacer(interval: interval, pacesAlone: vsyncOff)
        if vsyncOff { SDLSystem.preciseSleeps() }
        var reasons = IdlePolicy.Reasons(inputArrived: true)
        var woken: [BackendEvent] = []
        var quit = false
        session.advancesCheckpointsInStep = false
        replaysBeforePresent = true
        while session.isRunning && !quit {
            if !reasons.any {
                woken = waitForInput(start: start)
                resumed = true
                lastPresent = nil
                pacer.restart()
            }
            let frameStart = SDLSystem.seconds()
            // The host's clock: the session's own runs behind it after a scrub (LabSession.now).
            let hostNow = frameStart - start
            session.now = hostNow
            let events = woken + EventTranslator.poll()
            woken = []
            for e in events { quit = handleBackend(e) || quit }
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
            let busy = presentStart - frameStart - replayedBeforePresent + min(presentEnd - presentStart, presentCPU)
            statistics.record(frameTime: lastPresent.map { presented - $0 }, gesture: gesture, work: presented - frameStart,
                              latency: latency, busy: busy)
            spareTime.recordPresent(start: presentStart, end: presentEnd, cpu: presentCPU, replayed: replayedBeforePresent,
                                    period: lastPresent.map { presented - $0 }, interval: interval)
            lastPresent = presented
            if last { quit = true }
            reasons = IdlePolicy.Reasons(inputArrived: !events.isEmpty, countingFrames: options.frames != nil,
                                         scriptPending: session.scriptPending, appRequestPending: session.requestPending,
                                         sceneNeedsFrame: session.scenesNeedFrame)
            // Not while a button is down: on a 2-core machine the replay after a frame competes with
            // the window system for the next one (at 144 Hz, latency p99 9.0 → 10.2 ms, 5 runs each).
            if !session.isPointerDown {
                replayCheckpoints(until: SpareTimeReplay.deadline(frameStart: frameStart, interval: interval))
            }
            // Pace to the refresh rate where vsync does not (see FramePacer).
            SDLSystem.delay(pacer.sleep(frameStart: frameStart, now: SDLSystem.seconds()))
        }
    }

    /// Sleeps in ``EventTranslator/wait(timeout:)`` until an event Kinetic uses arrives (returned,
    /// to be handled in the next frame) or the overlay's next timed change is due (returns no
    /// events). Draws nothing.
    private func waitForInput(start: Double) -> [BackendEvent] {
        while true {
            let t = SDLSystem.seconds() - start
            // The overlay's times are the session's: back on the host's clock for the wait.
            let next = session.overlay.nextChange(after: session.now).map { $0 + session.timeShift }
            guard let timeout = IdlePolicy.waitTimeout(now: t, nextChange: next) else { return [] }
            if session.checkpointWorkPending && !session.isPointerDown {
                // Idle time is spare time: replay a quarter of a refresh interval's worth (a frame
                // at least), then look for input, so input waits little behind it.
                let replayed = replayCheckpoints(until: SDLSystem.seconds() + min(timeout, 0.25 / refreshRate), atLeastOne: true)
                let events = EventTranslator.poll()
                if !events.isEmpty { return events }
                if replayed > 0 { continue }
            }
            let events = EventTranslator.wait(timeout: timeout)
            if !events.isEmpty { return events }
        }
    }

    /// Replays the timeline's checkpoint a frame at a time while the next frame of it is
    /// expected to end by `deadline` (seconds on ``SDLSystem/seconds()``), or one frame anyway
    /// (`atLeastOne`: while idle). Returns the frames replayed.
    @discardableResult
    private func replayCheckpoints(until deadline: Double, atLeastOne: Bool = false) -> Int {
        var replayed = 0
        while session.checkpointWorkPending {
            let start = SDLSystem.seconds()
            guard spareTime.fits(now: start, deadline: deadline) || (atLeastOne && replayed == 0),
                  session.advanceCheckpoints(frames: 1) > 0 else { break }
            spareTime.record(start: start, end: SDLSystem.seconds())
            replayed += 1
        }
        return replayed
    }

    /// Handles one window event; returns whether it asks to quit (the window closed).
    private func handleBackend(_ e: BackendEvent) -> Bool {
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

    private func render(last: Bool) {
        list.removeAll()
        session.drawScenes(into: &list)
        if options.pointer { session.drawPointerMarker(into: &list) }
        // A frame saved as a PNG (P, --screenshot) shows the scene, not a notice that happened to be up.
        let saved = session.overlay.pendingScreenshot || (last && options.screenshot != nil)
        if !options.clean { overlay.draw(session: session, measurer: target.renderer, notices: !saved, into: &list) }
        target.renderer.draw(list)
        // A command with a non-finite number was skipped, not converted to pixels (a trap).
        session.recoverFromUndrawableFrame(skipped: target.renderer.lastItemsSkipped)
        if titledScene != session.scene.name {
            titledScene = session.scene.name
            window?.setTitle("Kinetic — \(titledScene)")
        }
        if session.scriptMarkReached { writeVideoFrame() }
        if last, let path = options.screenshot {
            // Reported at exit (exit status 1), after the dump and statistics are written.
            do { try savePNG(to: path) } catch { screenshotError = error }
        }
        if session.overlay.pendingScreenshot {
            session.overlay.pendingScreenshot = false
            saveScreenshot()
        }
        if replaysBeforePresent {
            // Time the present would spend waiting for the display's blank (see SpareTimeReplay).
            var start = SDLSystem.seconds()
            if spareTime.beforePresentDeadline(now: start) > start && session.checkpointWorkPending {
                // The frame is drawing (on the GPU, or llvmpipe's threads) while the replay runs.
                target.renderer.submit()
                start = SDLSystem.seconds()
            }
            replayCheckpoints(until: spareTime.beforePresentDeadline(now: start))
            replayedBeforePresent = SDLSystem.seconds() - start
        }
        let cpu = SDLSystem.processCPUSeconds()
        presentStart = SDLSystem.seconds()
        target.present()
        presentEnd = SDLSystem.seconds()
        presentCPU = SDLSystem.processCPUSeconds() - cpu
    }

    /// Writes what the run leaves behind. An exchange arrangement that could not be saved during
    /// the session gets one more try first; if that fails too, or `--record`'s script could not
    /// be written, the dump and statistics are still written, then the run ends with exit status 1
    /// (the arrangement on stderr).
    private func finish() throws {
        // Every problem is reported; the unsaved arrangement (the only copy of it) comes last.
        var problems: [String] = []
        if let v = video {
            video = nil
            // A video that failed does not skip the rest: the last save try, dump and statistics.
            if let e = videoError { v.abandon(); problems.append("\(e)") } else {
                do { try v.finish() } catch { problems.append("\(error)") }
            }
        }
        let (failure, recording) = session.finish()
        // A dump that cannot be written does not keep the statistics, or the arrangement, back.
        if let path = options.dump {
            do { try AtomicFile.write(session.dumpJSON().text(pretty: true) + "\n", to: path) } catch { problems.append("\(error)") }
        }
        if let path = options.stats {
            do { try AtomicFile.write(statistics.json.text(pretty: true) + "\n", to: path) } catch { problems.append("\(error)") }
        }
        if let recording { problems.append("\(recording)") }
        if let e = screenshotError, let path = options.screenshot { problems.append("--screenshot: \(Self.describe(e, writing: path))") }
        if let failure, let model = session.unsavedExchangeModel { problems.append(failure.exitMessage(unsaved: model)) }
        guard let last = problems.popLast() else { return }
        for p in problems { warn(p) }
        throw KineticError(last)
    }

    /// P: the window's pixels to `kinetic-DATE-TIME.png` in the working folder (`-2`, `-3`, … for
    /// more in the same second). The notice says where, or why not; a headless run, whose
    /// notices nobody sees, says it on stderr.
    private func saveScreenshot() {
        let path = session.unusedName("kinetic-\(session.services.fileStamp())", endings: [".png"]) + ".png"
        let full = "\(FileManager.default.currentDirectoryPath)/\(path)"
        do {
            try savePNG(to: path)
            session.overlay.notice("screenshot saved: \(full)", at: session.now)
            if options.headless { warn("screenshot saved: \(full)") }
        } catch {
            session.overlay.notice("screenshot failed: \(Self.describe(error, writing: path))", at: session.now)
            warn("screenshot failed: \(Self.describe(error, writing: path))")
        }
    }

    /// "cannot write PATH: reason" for a PNG that could not be saved.
    static func describe(_ error: Error, writing path: String) -> String {
        if let e = error as? AtomicFile.WriteError { return e.description }
        return "cannot write \(path): \((error as? SDLError)?.message ?? "\(error)")"
    }

    /// The frame as PNG to `path` as every output is written: a complete file beside it first,
    /// then through a symlink to its target, keeping mode, owner and hard links.
    private func savePNG(to path: String) throws {
        let tmp = AtomicFile.temporaryPath(for: AtomicFile.writeTarget(of: path))
        if let r = cleanRegion, let canvas = target as? HeadlessCanvas {
            try canvas.savePNG(to: tmp, region: r)
        } else {
            try target.savePNG(to: tmp)
        }
        try AtomicFile.replace(path, withCompleteFile: tmp)
    }
}
