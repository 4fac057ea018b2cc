import Testing
import Foundation
@testable import kinetic

/// Issue 37: a GIF is made in bounded memory. The frames stream into a lossless intermediate
/// beside the target; the palette and the GIF are passes over that file; every temporary file
/// is gone afterwards. A stand-in `ffmpeg` logs its arguments (the real one runs in `make e2e`;
/// its memory is measured by hand, see the issue).
@Suite struct GIFExportTests {
    /// A stand-in that writes what each pass would: the intermediate (its input), a palette,
    /// a GIF with its signature and trailer; each call's arguments go to `calls`.
    static func fake(calls: String) throws -> String {
        try VideoTests.fakeFFmpeg(#"""
            echo "$*" >> '\#(calls)'
            for last; do :; done; out="${last#file:}"
            case "$out" in
              *.gif) cat > /dev/null; printf 'GIF89a;' > "$out" ;;
              *.png) printf 'png' > "$out" ;;
              *) cat > "$out" ;;
            esac
            """#)
    }

    @Test func framesStreamIntoALosslessFileThenThePaletteAndTheGIFArePassesOverIt() throws {
        let folder = Kinetic.temp("gif-passes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let calls = folder + "/calls.txt"
        let dir = try Self.fake(calls: calls)
        let out = folder + "/clip.gif"
        let r = try Kinetic.run(["--headless", "--scene", "drag", "--size", "640x480", "--frames", "3", "--video", out],
                                environment: VideoTests.environment(path: dir + ":/usr/bin:/bin"))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "GIF89a;")
        let passes = try String(contentsOfFile: calls, encoding: .utf8).split(separator: "\n")
        #expect(passes.count == 3, "\(passes)")
        guard passes.count == 3 else { return }
        #expect(passes[0].contains("-i -") && passes[0].contains("libx264rgb") && passes[0].contains("-qp 0") && passes[0].hasSuffix(".mkv"))
        #expect(!passes[0].contains("palettegen"))   // the filter that held every frame
        #expect(passes[1].contains("palettegen=stats_mode=full") && passes[1].hasSuffix(".png"))
        #expect(passes[2].contains("paletteuse=dither=none") && passes[2].hasSuffix(".gif"))
        // Nothing but the GIF and the stand-in's log is left.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["calls.txt", "clip.gif"])
    }

    @Test func aFailingPaletteLeavesNothingBehind() throws {
        let folder = Kinetic.temp("gif-fail-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let dir = try VideoTests.fakeFFmpeg(#"""
            for last; do :; done; out="${last#file:}"
            case "$out" in
              *.png) echo "palettegen: no frames" >&2; exit 1 ;;
              *) cat > "$out" ;;
            esac
            """#)
        let r = try Kinetic.run(["--headless", "--scene", "drag", "--size", "640x480", "--frames", "3", "--video", folder + "/clip.gif"],
                                environment: VideoTests.environment(path: dir + ":/usr/bin:/bin"))
        #expect(r.status == 1)
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains("palettegen: no frames"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
}
