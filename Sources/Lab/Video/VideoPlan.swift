import Foundation

/// What a `--video OUT.mp4|.webm|.gif` encode runs, as values: the container chosen by the
/// extension, the files beside the target and ffmpeg's arguments for each pass. The executable's
/// `VideoEncoder` runs the passes (the processes, the pipe and the waiting stay there).
///
/// Formats, by extension: `.mp4` H.264 (yuv420p, CRF 20: plays everywhere), `.webm` VP9
/// (realtime preset), `.gif` through a palette generated from the whole clip (`palettegen` +
/// `paletteuse`), which keeps flat UI colours exact. Odd frame sizes are padded to even ones,
/// which H.264 and VP9 in yuv420p need.
///
/// A GIF is made in bounded memory: one filter graph that builds the palette from every frame
/// and then maps the frames through it holds every frame until the last (about 4 MB a frame at
/// 1280×800: 15 GB for a minute). Instead the frames stream into a lossless RGB H.264 file beside
/// the target (``intermediate``), which ffmpeg then reads twice: once for the palette (a
/// histogram of every frame, ``paletteArguments(input:output:)``), once to map the frames
/// through it (``gifArguments(input:palette:output:progress:)``).
package struct VideoPlan: Equatable {
    /// The extensions `--video` takes.
    package static let formats = ["mp4", "webm", "gif"]

    /// The format `path` names by its ending ("mp4", "webm", "gif"; `.gif` alone is a hidden
    /// file's name, as `--screenshot .png` is), or nil.
    package static func format(of path: String) -> String? {
        formats.first { path.lowercased().hasSuffix("." + $0) }
    }

    /// Why `path` cannot be a video (an unknown extension), or nil.
    package static func problem(with path: String) -> String? {
        format(of: path) == nil ? "--video must end in .mp4, .webm or .gif, got '\(path)'" : nil
    }

    /// Why frames of `width`×`height` pixels cannot be encoded, or nil: ffmpeg refuses a picture
    /// whose (width + 128) × (height + 128) reaches 2³¹ / 8 ("Picture size … is invalid").
    package static func problem(width: Int, height: Int) -> String? {
        (width + 128) * (height + 128) < Int(Int32.max) / 8 ? nil
            : "--video: frames of \(width)x\(height) pixels are more than ffmpeg encodes (about 16000x16000 at most); use a smaller --size or --scale 1"
    }

    /// The container ("mp4", "webm", "gif"; "mp4" for a name with none of their endings).
    package let format: String
    /// The finished video, written beside the target and renamed over it at the end.
    package let temporary: String
    /// ffmpeg's messages, read for its first complaint.
    package let log: String
    /// A GIF's lossless intermediate, palette and ffmpeg's progress reports (nil for other formats).
    package let intermediate: String?, palette: String?, progress: String?
    /// The first pass's arguments: `width`×`height` BGRA frames at `fps` on standard input into
    /// the video (or a GIF's intermediate).
    package let encodeArguments: [String]

    /// The plan for `path`, with frames of `width`×`height` pixels at `fps`, for process
    /// `processID`: its files are `.kinetic-video-PID.EXT` beside `path` (a short name of its own:
    /// a 242-byte video name plus a suffix would pass the 255-byte limit; beside the target so
    /// the final rename stays within one file system).
    package init(path: String, width: Int, height: Int, fps: Int, processID: Int32) {
        let ext = Self.format(of: path) ?? "mp4"
        format = ext
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        func beside(_ suffix: String) -> String { folder.appendingPathComponent(".kinetic-video-\(processID).\(suffix)").path }
        temporary = beside(ext)
        log = beside("log")
        intermediate = ext == "gif" ? beside("mkv") : nil
        palette = ext == "gif" ? beside("png") : nil
        progress = ext == "gif" ? beside("progress") : nil
        // "file:" keeps ffmpeg from reading a name such as "pipe:x.gif" as one of its protocols.
        encodeArguments = Self.arguments(ext: ext, width: width, height: height, fps: fps, output: "file:" + (intermediate ?? temporary))
    }

    /// The GIF's later passes (empty for other formats): the palette, then the GIF, each reading
    /// the finished intermediate, with the file each writes as it goes (nil: nothing until its end).
    package var gifPasses: [(arguments: [String], writing: String?)] {
        guard let intermediate, let palette, let progress else { return [] }
        // The palette is written at the end and ffmpeg reports no progress while it makes it.
        return [(Self.paletteArguments(input: intermediate, output: palette), nil),
                (Self.gifArguments(input: intermediate, palette: palette, output: temporary, progress: progress), progress)]
    }

    /// The files the encode leaves besides the video, removed at its end.
    package var scratchFiles: [String] { [log] + [intermediate, palette, progress].compactMap { $0 } }

    /// The ffmpeg arguments for `ext` reading `width`×`height` BGRA frames at `fps` into `output`.
    package static func arguments(ext: String, width: Int, height: Int, fps: Int, output: String) -> [String] {
        var args = ["-hide_banner", "-loglevel", "error", "-y",
                    "-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(width)x\(height)", "-r", "\(fps)", "-i", "-"]
        let even = "pad=ceil(iw/2)*2:ceil(ih/2)*2"
        switch ext {
        case "gif":
            // Lossless (qp 0, RGB): the palette pass and the GIF see exactly Kinetic's pixels.
            args += ["-c:v", "libx264rgb", "-preset", "ultrafast", "-qp", "0", "-f", "matroska"]
        case "webm":
            args += ["-vf", even, "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1",
                     "-b:v", "0", "-crf", "32", "-pix_fmt", "yuv420p", "-f", "webm"]
        default:
            args += ["-vf", even, "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p",
                     "-movflags", "+faststart", "-f", "mp4"]
        }
        return args + [output]
    }

    /// The second GIF pass: the palette of every frame of `input` (the lossless intermediate)
    /// into the PNG `output`; a histogram, so its memory does not grow with the clip.
    package static func paletteArguments(input: String, output: String) -> [String] {
        ["-hide_banner", "-loglevel", "error", "-y", "-i", "file:" + input,
         "-vf", "palettegen=stats_mode=full", "-frames:v", "1", "-update", "1", "-f", "image2", "file:" + output]
    }

    /// The third GIF pass: `input`'s frames through `palette`, undithered (flat colours stay
    /// flat), streamed into the GIF `output`. ffmpeg appends its progress to `progress` twice a
    /// second: the sign that it is working (the GIF grows in 32 KB steps, and a still clip's
    /// frames take a few bytes each).
    package static func gifArguments(input: String, palette: String, output: String, progress: String) -> [String] {
        ["-hide_banner", "-loglevel", "error", "-y", "-progress", "file:" + progress, "-i", "file:" + input, "-i", "file:" + palette,
         "-lavfi", "[0:v][1:v]paletteuse=dither=none", "-loop", "0", "-f", "gif", "file:" + output]
    }
}
