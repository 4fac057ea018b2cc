import Foundation
import Scenes

/// Clips from the timeline (issue 27 part 4): `I` marks where a clip starts, at the playhead;
/// `X` exports the span from there to the playhead as an MP4 (`Shift+X`: a GIF), rendered in the
/// background by a headless `kinetic run` of the session's log while the window goes on, with a
/// bar in the title line. A clip shows the scenes alone (`--clean`) with the pointer drawn
/// (`--pointer`): what a person shares to show a motion. Its script (`kinetic-clip-….jsonl`,
/// with the parameters and line-up beside it) stays, so the clip can be rendered again.
extension LabSession {
    /// How long a notice naming a file or a command shows, seconds: 10, time to read a path or
    /// copy a command by hand (other notices: 2.5 s).
    static let longNotice = 10.0

    /// I: the clip starts at the playhead (again at the same moment: the mark goes).
    func markClipIn() {
        guard canScrub else {
            overlay.notice("clips need the session's log from its start (the session ran too long)", at: now)
            return
        }
        let t = playhead
        if timeline.history.clipIn == t {
            timeline.history.clipIn = nil
            overlay.notice("clip start cleared", at: now)
            return
        }
        timeline.history.clipIn = t
        overlay.notice("clip from \(Self.seconds(t)) s — move on or scrub, then X exports to the playhead (Shift+X: GIF)", at: now)
    }

    /// X (`gif`: Shift+X): writes the clip's script and files and starts its render in the
    /// background; one line says why not when it cannot (no start marked, an empty span, a
    /// render already running, no background renders here).
    func exportClip(gif: Bool) {
        guard clipRender == nil else { overlay.notice("a clip is rendering — wait for it to finish", at: now); return }
        guard let start = timeline.history.clipIn else { overlay.notice("press I where the clip starts first (W shows the timeline)", at: now); return }
        guard canScrub, let log else {
            overlay.notice("clips need the session's log from its start (the session ran too long)", at: now)
            return
        }
        let end = playhead
        guard start >= timelineStart else { timeline.history.clipIn = nil; overlay.notice("the clip's start has left the timeline — press I again", at: now); return }
        guard end > start else { overlay.notice("the playhead is not after the clip's start (\(Self.seconds(start)) s)", at: now); return }
        guard let startRender = services.startRender else { overlay.notice("clips render from the window", at: now); return }
        // The moment shown: the log up to the playhead (while parked, the lines up to it).
        let shown = Array(log.lines[..<(history.isParked ? min(history.parkedLines, log.lines.count) : log.lines.count)])
        let markLine = SessionHistory.end(ofFrames: SessionHistory.frames(in: shown, atOrBefore: start), in: shown)
        let frames = shown.reduce(0) { $0 + ($1.isFrame ? 1 : 0) }
        // The file's length: its frames as the render writes them (the frames after the mark and
        // the pictures it holds), not the span on the session's clock (``ReplayVideoLength``).
        let fps = Int(saturating: log.start.frameRate.rounded())
        let videoFrames = ReplayVideoLength.frames(of: shown[markLine...].lazy.map { $0.retimed(from: log.start.origin) }, fps: fps)
        let base = unusedName("kinetic-clip-\(services.fileStamp())",
                              endings: [".jsonl", ".mp4", ".gif", "-params.json", "-params-b.json", "-data.json"])
        let path = "\(base).\(gif ? "gif" : "mp4")"
        do {
            let arguments = try replayArguments(base: base, start: log.start)
            try AtomicFile.write(SessionLog(start: log.start, lines: shown).script(markingAt: markLine, markTime: start), to: "\(base).jsonl")
            // Exactly the frames up to the playhead (the prelude counted), not on until the scenes rest.
            let job = try startRender(["run"] + arguments + ["--frames", "\(frames)", "--video", path, "--pointer", "--clean", "--progress"])
            let clip = ClipRender(job: job, path: path, absolutePath: URL(fileURLWithPath: path).standardizedFileURL.path,
                                  frames: videoFrames, fps: fps)
            clipRender = clip
            overlay.clipRender = (path, 0)
            overlay.notice("rendering \(Self.seconds(clip.seconds)) s to \(path) in the background", at: now)
        } catch {
            services.warn("could not export the clip: \(error)")
            overlay.notice("could not export the clip (\(error))", at: now)
        }
    }

    /// Once a frame (the host's): the clip's render progress into the title line's bar, and a
    /// notice when it ends.
    package func pollClipRender() {
        guard let clip = clipRender else { return }
        switch clip.job.state {
        case .running(let progress):
            overlay.clipRender = (clip.path, progress)
        case .finished:
            clipRender = nil
            overlay.clipRender = nil
            // The whole path, long enough to read it: where else would one learn it from a dock?
            overlay.notice("clip saved (\(Self.seconds(clip.seconds)) s): \(clip.absolutePath)", at: now, for: Self.longNotice)
        case .failed(let reason):
            clipRender = nil
            overlay.clipRender = nil
            services.warn("the clip \(clip.absolutePath) failed: \(reason)")
            overlay.notice("the clip failed: \(reason)", at: now)
        }
    }
}
