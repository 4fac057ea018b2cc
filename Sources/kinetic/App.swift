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
    var list = DisplayList()
    /// Frame counts and times of the presented frames (`--stats`).
    var statistics = FrameStatistics()
    /// `--clean`: the part of each frame videos and screenshots keep (pixels), else nil.
    let cleanRegion: (x: Int, y: Int, width: Int, height: Int)?
    /// Encodes the headless run's frames (`--video`), or nil.
    var video: VideoEncoder?
    /// Why the video stopped (ffmpeg failed); the run ends and reports it.
    var videoError: Error?
    /// Why `--screenshot` could not be written (a full disk); the run reports it at exit.
    var screenshotError: Error?
    /// The scene named in the window's title.
    var titledScene = ""
    /// Maps SDL's event timestamps onto the session's clock.
    var eventTimes = EventClock()
    /// The last present's start and end, the process's CPU time during it and the replay before
    /// it, seconds (for the timeline's ``SpareTimeReplay``).
    var presentStart = 0.0, presentEnd = 0.0, presentCPU = 0.0, replayedBeforePresent = 0.0
    /// A window's frame pacer (nil headless); the current frame's start and its wait for its slot, seconds.
    var pacer: FramePacer?, frameStart = 0.0, heldBeforePresent = 0.0

    /// Owns every SDL object of the run (SDL itself, the window or canvas, its renderer, the
    /// cached text); ``close()`` releases them in dependency order.
    private let sdl: SDLSession

    init(options: RunCommand, size: Size) throws {
        self.options = options
        cleanRegion = options.options.cleanRegion(size: size)
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
                // A display that reports no refresh rate (Xvfb) has no vsync: SDL would stand in
                // with whole-millisecond waits (16 ms frames, 62.5 fps, each up to a millisecond
                // off, at an assumed 60 Hz). The frame pacer puts presents on the grid instead.
                if w.refreshRate == nil { w.setVSync(false) }
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

    /// The refresh rate the window's frame limiter and clock assume, Hz: `--refresh`, else the
    /// display's, else 60.
    var refreshRate: Double {
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

    func render(last: Bool) {
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
        // A window's present that waits for vsync leaves spare time before it (pacing alone, the
        // spare time is before a frame starts instead).
        if pacer?.pacesAlone == false {
            replayedBeforePresent = session.timeline.replayBeforePresent(submit: target.renderer.submit, clock: SDLSystem.seconds)
        }
        // Pacing alone, the present lands on its slot (FramePacer).
        heldBeforePresent = pacer?.holdForSlot(frameStart: frameStart, finish: target.finishDrawing,
                                               clock: SDLSystem.seconds, sleep: SDLSystem.delay) ?? 0
        let cpu = SDLSystem.processCPUSeconds()
        presentStart = SDLSystem.seconds()
        target.present()
        presentEnd = SDLSystem.seconds()
        presentCPU = SDLSystem.processCPUSeconds() - cpu
    }

}
