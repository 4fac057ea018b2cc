import Testing
import Lab

/// The values a `--video` encode runs (``VideoPlan``): the container by extension, the files
/// beside the target and ffmpeg's arguments for each pass. Running them is kineticTests' (VideoTests).
@Suite struct VideoPlanTests {
    @Test func eachFormatHasItsEncoder() {
        let gif = VideoPlan.arguments(ext: "gif", width: 10, height: 10, fps: 50, output: "o")
        // A GIF's frames stream into a lossless intermediate; its palette and the GIF are later passes (issue 37).
        #expect(gif.contains("libx264rgb") && gif.contains("-qp") && gif.last == "o" && gif.contains("bgra"))
        #expect(VideoPlan.paletteArguments(input: "i", output: "p").contains { $0.contains("palettegen") })
        #expect(VideoPlan.arguments(ext: "mp4", width: 11, height: 9, fps: 60, output: "o").contains("libx264"))
        #expect(VideoPlan.arguments(ext: "webm", width: 11, height: 9, fps: 60, output: "o").contains("libvpx-vp9"))
        #expect(VideoPlan.arguments(ext: "mp4", width: 11, height: 9, fps: 60, output: "o").contains { $0.hasPrefix("pad=") })
    }

    @Test("The container is chosen by the extension, in any case; a bare extension is a hidden file's name")
    func containerByExtension() {
        #expect(VideoPlan.format(of: "a/clip.MP4") == "mp4" && VideoPlan.format(of: "x.webm") == "webm" && VideoPlan.format(of: ".gif") == "gif")
        #expect(VideoPlan.format(of: "x.avi") == nil && VideoPlan.problem(with: "x.avi") == "--video must end in .mp4, .webm or .gif, got 'x.avi'")
        #expect(VideoPlan.problem(width: 1280, height: 800) == nil && VideoPlan.problem(width: 16384, height: 16384) != nil)
    }

    @Test("A GIF streams into a lossless intermediate beside the target, then two passes read it: palette, then the GIF")
    func gifPlan() {
        let plan = VideoPlan(path: "/out/clip.gif", width: 10, height: 8, fps: 50, processID: 42)
        #expect(plan.format == "gif" && plan.temporary == "/out/.kinetic-video-42.gif" && plan.log == "/out/.kinetic-video-42.log")
        #expect(plan.intermediate == "/out/.kinetic-video-42.mkv" && plan.palette == "/out/.kinetic-video-42.png")
        #expect(plan.encodeArguments.last == "file:/out/.kinetic-video-42.mkv" && plan.encodeArguments.contains("10x8"))
        let passes = plan.gifPasses
        #expect(passes.count == 2)
        #expect(passes.first?.arguments == VideoPlan.paletteArguments(input: "/out/.kinetic-video-42.mkv", output: "/out/.kinetic-video-42.png"))
        #expect(passes.first?.writing == nil)  // the palette is written at its end: nothing to watch grow
        #expect(passes.last?.arguments.last == "file:/out/.kinetic-video-42.gif" && passes.last?.writing == "/out/.kinetic-video-42.progress")
        #expect(plan.scratchFiles == ["/out/.kinetic-video-42.log", "/out/.kinetic-video-42.mkv", "/out/.kinetic-video-42.png",
                                      "/out/.kinetic-video-42.progress"])
    }

    @Test("An MP4 or WebM is one pass straight into the temporary video; a name with no known ending encodes as MP4")
    func onePassFormats() {
        let mp4 = VideoPlan(path: "clip.mp4", width: 11, height: 9, fps: 60, processID: 7)
        #expect(mp4.gifPasses.isEmpty && mp4.intermediate == nil && mp4.scratchFiles == [mp4.log])
        #expect(mp4.encodeArguments.last == "file:" + mp4.temporary && mp4.temporary.hasSuffix(".kinetic-video-7.mp4"))
        #expect(VideoPlan(path: "clip.webm", width: 2, height: 2, fps: 1, processID: 7).encodeArguments.contains("libvpx-vp9"))
        #expect(VideoPlan(path: "clip", width: 2, height: 2, fps: 1, processID: 7).format == "mp4")
    }
}
