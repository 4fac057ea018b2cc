import Drawing
import Scenes

/// `kinetic bench frame`: whole frames of the springy and the drag scene (``FrameBenchmark``),
/// the scene's work timed apart from the rendering.
extension BenchSuite {
    /// Per-frame times of one run of ``timeFrames(_:)``, microseconds: this thread's CPU time
    /// (as the physics rows), and wall-clock time, which also counts the time the process waited
    /// for a core on a shared machine.
    package struct FrameTimes {
        /// Mean and p99 of the scene's work (input, update, display list), CPU time.
        package var logicMean = 0.0, logicP99 = 0.0
        /// Mean and p99 of the rendering (rasterizing and present), CPU time.
        package var renderMean = 0.0, renderP99 = 0.0
        /// The same four in wall-clock time.
        package var logicWallMean = 0.0, logicWallP99 = 0.0, renderWallMean = 0.0, renderWallP99 = 0.0
        /// Commands of the last frame's display list, and triangles its rendering drew.
        package var commands = 0, triangles = 0
    }

    /// The springy scene scrolled by the wheel for 600 frames at 60 fps (4 s of scrolling, 1 s to
    /// settle): the scene's own work per frame and the software rasterizing of its frame.
    package func frame(rows n: Int) throws -> [BenchResult] {
        let t = try timeFrames(FrameBenchmark.springy(rows: n, size: Self.size))
        let label = Self.countLabel(n)
        return [
            BenchResult(name: "frame: springy \(n) rows, scene", value: t.logicMean, unit: "µs/frame",
                        note: "mean; p99 \(Int(saturating: t.logicP99.rounded())) µs; input + physics + layout + display list",
                        key: "springy_frame_us_\(label)"),
            BenchResult(name: "frame: springy \(n) rows, raster", value: t.renderMean, unit: "µs/frame",
                        note: "mean; software renderer, \(t.commands) commands, \(t.triangles) triangles",
                        key: "springy_render_us_\(label)"),
        ]
    }

    /// The drag scene, 1,000 cells, `selected` of them flying behind the pointer, which circles
    /// from t = 0.6 s (the long press began at 0.5 s): 600 frames; the percentiles are over the
    /// 540 frames from t = 1 s, mid-drag.
    package func dragFrame(selected: Int) throws -> [BenchResult] {
        let t = try timeFrames(FrameBenchmark.drag(selected: selected, size: Self.size))
        let name = "frame: drag \(selected) of 1000 cells"
        return [
            BenchResult(name: "\(name), logic p99", value: t.logicP99, unit: "µs/frame",
                        note: "mean \(Int(saturating: t.logicMean.rounded())) µs; input + physics + layout + display list",
                        key: "frame_logic_p99_us"),
            BenchResult(name: "\(name), render p99", value: t.renderP99, unit: "µs/frame",
                        note: "mean \(Int(saturating: t.renderMean.rounded())) µs; \(t.commands) commands, \(t.triangles) triangles",
                        key: "frame_render_p99_us"),
            BenchResult(name: "\(name), logic mean", value: t.logicMean, unit: "µs/frame", key: "frame_logic_mean_us",
                        jsonOnly: true),
            BenchResult(name: "\(name), render mean", value: t.renderMean, unit: "µs/frame", key: "frame_render_mean_us",
                        jsonOnly: true),
            BenchResult(name: "\(name), logic p99, wall clock", value: t.logicWallP99, unit: "µs/frame",
                        note: "mean \(Int(saturating: t.logicWallMean.rounded())) µs; includes waiting for a core", key: "frame_logic_wall_p99_us"),
            BenchResult(name: "\(name), render p99, wall clock", value: t.renderWallP99, unit: "µs/frame",
                        note: "mean \(Int(saturating: t.renderWallMean.rounded())) µs; includes waiting for a core", key: "frame_render_wall_p99_us"),
        ]
    }

    /// Runs `bench` on a canvas from ``openCanvas`` and times, frame by frame, the scene's work
    /// (input, update, display list) apart from the rendering (rasterizing and present), over the
    /// frames from its `measuredFrom` on.
    package func timeFrames(_ bench: FrameBenchmark) throws -> FrameTimes {
        let now = meters.wallNanoseconds, cpuNow = meters.cpuNanoseconds
        return try withCanvas { canvas in
            var list = DisplayList()
            var logic: [Double] = [], render: [Double] = [], logicWall: [Double] = [], renderWall: [Double] = []
            for f in 0..<bench.frames {
                let a = now(), ca = cpuNow()
                bench.step(frame: f)
                list.removeAll()
                bench.draw(into: &list)
                let b = now(), cb = cpuNow()
                canvas.render(list)
                let c = now(), cc = cpuNow()
                if f >= bench.measuredFrom {
                    logic.append(Double(cb - ca) / 1000)
                    render.append(Double(cc - cb) / 1000)
                    logicWall.append(Double(b - a) / 1000)
                    renderWall.append(Double(c - b) / 1000)
                }
            }
            typealias S = BenchStatistics
            return FrameTimes(logicMean: S.mean(logic), logicP99: S.p99(logic), renderMean: S.mean(render), renderP99: S.p99(render),
                              logicWallMean: S.mean(logicWall), logicWallP99: S.p99(logicWall),
                              renderWallMean: S.mean(renderWall), renderWallP99: S.p99(renderWall),
                              commands: list.count, triangles: canvas.triangles())
        }
    }
}
