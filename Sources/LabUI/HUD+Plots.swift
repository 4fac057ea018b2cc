import Geometry
import Drawing
import Scenes
import Animation

/// The HUD's plots: a timing curve, the step response of one spring or two, and the settling graph.
extension HUD {
    /// A property animator's timing curve: progress (overshoot shown) over the fraction of the
    /// duration (a spring with its own parameters: of its settling duration), with a white dot at
    /// the animator's (time fraction, progress) while one exists.
    /// With `overlay`, only the curve (and dot) in `color` over a plot already drawn (B's while comparing).
    static func drawTiming(_ timing: TimingParameters, position: Point?, color: Color = .teal, yRange: ClosedRange<Double> = -0.05...1.05,
                           in rect: Rect, into list: inout DisplayList, z: Int, cache: inout PlotCache, overlay: Bool = false) {
        let title: String, xLabel: String
        switch timing {
        case .cubic(let c):
            let p1 = c.controlPoint1, p2 = c.controlPoint2
            title = "timing · " + (c.animationCurve.map { "\($0)" }
                ?? "cubic (\(format2(p1.x)), \(format2(p1.y)), \(format2(p2.x)), \(format2(p2.y)))")
            xLabel = "duration"
        case .spring(let s):
            title = "timing · spring ζ \(fixed2(s.dampingRatio))"
            xLabel = s.usesAnimatorDuration ? "duration" : "\(fixed2(s.settlingDuration)) s"
        }
        if !overlay {
            list.append(.text(title, at: Point(x: rect.minX - 18, y: rect.minY - 18), size: 12, color: Overlay.dim), z: z)
        }
        fillTiming(&cache, timing)
        let dot = position.flatMap { p in p.x.isFinite && p.y.isFinite ? p : nil }
        let plot = CurvePlot(samples: cache.samples, xRange: 0...1, yRange: yRange, xLabel: xLabel,
                             marker: nil, dot: dot, color: color, fontSize: 10)
        if overlay { plot.drawCurve(in: rect, into: &list, z: z) } else { plot.draw(in: rect, into: &list, z: z) }
    }

    /// The tracked cell after the release: its distance from its place (teal) and speed (grey,
    /// on its own scale) as measured, under its predicted envelope (orange), over the time since
    /// the release (the plot's span: the first of 1, 2, 5 … 500 s that holds both the prediction
    /// and the time so far). While a re-run plays, `previous` is the previous run's report: its
    /// tracked cell's distance is drawn on the same axes in the ghost's colour.
    static func drawSettlingGraph(_ r: SettlingReport, previous: SettlingReport? = nil, in rect: Rect, measurer: TextMeasuring,
                                  into list: inout DisplayList, z: Int) {
        let horizon = max(r.elapsed, r.predicted.isFinite ? r.predicted : r.elapsed, previous?.elapsed ?? 0, 0.5)
        let span = plotSpan(horizon, longest: 500)
        // At most about 200 points a curve, whatever the number of frames.
        func pick(_ samples: [SettlingReport.Sample]) -> [SettlingReport.Sample] {
            let stride = max(1, samples.count / 200)
            return Swift.stride(from: 0, to: samples.count, by: stride).map { samples[$0] }
        }
        let picked = pick(r.samples), old = pick(previous?.samples ?? [])
        let top = max(picked.map(\.distance).max() ?? 1, old.map(\.distance).max() ?? 0, r.envelope?.amplitude ?? 0, 1)
        let fastest = max(picked.map(\.speed).max() ?? 1, 1)
        // "1" is the largest distance (or the envelope's start), in points in the title.
        // The cell's name goes first when the line has room for it (it runs from 18 pt left of the
        // graph to 4 pt short of the column's edge, 16 pt right of the graph's).
        let legend = "distance (1 = \(format0(top)) pt) · speed · envelope"
        let named = r.item.map { $0 + " · " + legend }
        let title = named.flatMap { measurer.width(of: $0, size: 11) <= rect.width + 30 ? $0 : nil } ?? legend
        list.append(.text(title, at: Point(x: rect.minX - 18, y: rect.minY - 18), size: 11, color: Overlay.dim), z: z)
        var plot = CurvePlot(samples: picked.map { Point(x: $0.time, y: $0.distance / top) }, xRange: 0...span, yRange: 0...1,
                             xLabel: format0(span) + " s", marker: nil, dot: nil, color: .teal, fontSize: 10)
        plot.draw(in: rect, into: &list, z: z)
        // Speed on its own scale, then the envelope, over the same axes.
        plot.samples = picked.map { Point(x: $0.time, y: $0.speed / fastest) }
        plot.color = Color(white: 1, alpha: 0.35)
        plot.drawCurve(in: rect, into: &list, z: z)
        if let e = r.envelope {
            plot.samples = (0...120).map { i in let t = span * Double(i) / 120; return Point(x: t, y: min(e.value(at: t), top) / top) }
            plot.color = .orange
            plot.drawCurve(in: rect, into: &list, z: z)
        }
        if !old.isEmpty {
            plot.samples = old.map { Point(x: $0.time, y: $0.distance / top) }
            plot.color = ghost
            plot.drawCurve(in: rect, into: &list, z: z)
        }
    }

    /// The colour of the previous run while a re-run plays (its outlines, its curve): light cyan.
    public static let ghost = Color(red: 0.35, green: 0.8, blue: 0.95)

    /// The last release's settling time: "to rest: predicted 31.2 s · took 29.8 s", or
    /// "… · 12.3 s so far" while items still move (short enough for the column).
    public static func settlingLine(_ r: SettlingReport) -> String {
        func seconds(_ v: Double) -> String { v.isFinite ? format1(v) + " s" : "never" }
        let measured = r.measured.map { "took " + seconds($0) } ?? seconds(r.elapsed) + " so far"
        return "to rest: predicted \(seconds(r.predicted)) · \(measured)"
    }

    /// Samples `timing`'s progress over the fraction of its duration into `cache` (once per curve).
    static func fillTiming(_ cache: inout PlotCache, _ timing: TimingParameters) {
        cache.update(.timing(timing)) {
            // Springs oscillate for many periods over their settling time: sample densely enough.
            let n = 240
            let samples = (0...n).map { i -> Point in
                let f = Double(i) / Double(n)
                return Point(x: f, y: timing.progress(at: f))
            }
            return (samples, .nan, 1)
        }
    }

    /// The y range (at least −0.05…1.05) that holds every sample, so two curves share one axis.
    static func commonRange(_ samples: [Point]) -> ClosedRange<Double> {
        var lo = -0.05, hi = 1.05
        for p in samples where p.y.isFinite { lo = min(lo, p.y); hi = max(hi, p.y) }
        return lo...hi
    }

    /// The step response of an attachment spring (frequency f Hz, damping ratio ζ): the
    /// displacement an item covers after its anchor jumps, with the settling time (within 0.1 %).
    /// The time axis spans 1 s, or more (1, 2, 5, 10, 20, 50 s) so the settling time is on it;
    /// a spring that takes longer says so beside the plot. While comparing, B's spring is drawn
    /// over A's (orange over teal) on one time axis long enough for both.
    /// `note` names what the response is of ("combined": the drag scene's item on its
    /// four attachments, whose combined frequency and ratio the title shows, while its rows give
    /// one corner's).
    static func drawSprings(_ springs: [(f: Double, zeta: Double)], note: String? = nil, in rect: Rect, into list: inout DisplayList,
                            z: Int, caches: inout [PlotCache]) {
        guard let a = springs.first else { return }
        let of = note.map { " · \($0)" } ?? ""
        let title = springs.count == 1
            ? "step response\(of) · \(fixed2(a.f)) Hz · ζ \(fixed2(a.zeta))"
            : "step response\(of) · A teal · B orange"
        list.append(.text(title, at: Point(x: rect.minX - 18, y: rect.minY - 18), size: 12, color: Overlay.dim), z: z)
        // Each spring on its own axis first (to learn its settling time), then all on the longest.
        for (i, s) in springs.enumerated() { fill(&caches[i], f: s.f, zeta: s.zeta, span: nil) }
        let span = springs.indices.map { caches[$0].span }.max() ?? 1
        for (i, s) in springs.enumerated() where caches[i].span != span { fill(&caches[i], f: s.f, zeta: s.zeta, span: span) }
        guard !caches[0].samples.isEmpty else { return }
        let settle = caches[0].settle
        let caption = settle.isFinite ? "settles \(fixed2(settle)) s" : "never settles"
        let yRange = commonRange(springs.indices.flatMap { caches[$0].samples })
        let plot = CurvePlot(samples: caches[0].samples, xRange: 0...span, yRange: yRange, xLabel: format0(span) + " s",
                             marker: springs.count == 1 && settle <= span ? (settle, caption) : nil, dot: nil,
                             color: springs.count == 1 ? .teal : colorA, fontSize: 10)
        plot.draw(in: rect, into: &list, z: z)
        if springs.count > 1, !caches[1].samples.isEmpty {
            CurvePlot(samples: caches[1].samples, xRange: 0...span, yRange: yRange, xLabel: "", marker: nil, dot: nil,
                      color: colorB, fontSize: 10).drawCurve(in: rect, into: &list, z: z)
            let b = caches[1].settle
            let text = "settles A \(settle.isFinite ? fixed2(settle) : "∞") s · B \(b.isFinite ? fixed2(b) : "∞") s"
            list.append(.text(text, frame: Rect(x: rect.minX, y: rect.maxY + 14, width: rect.width, height: 12), size: 10,
                              color: Overlay.dim, alignment: .left, transform: .identity), z: z)
        } else if !(settle <= span) {
            list.append(.text(caption + " →", frame: Rect(x: rect.minX, y: rect.minY + 1, width: rect.width - 4, height: 12), size: 10,
                              color: .orange, alignment: .right, transform: .identity), z: z)
        }
    }

    /// Samples the step response of (f, ζ) into `cache` over `span` seconds (nil: its own
    /// ``plotSpan(_:)``), unless it already holds exactly that.
    private static func fill(_ cache: inout PlotCache, f: Double, zeta: Double, span: Double?) {
        cache.update(.spring(frequency: f, dampingRatio: zeta, span: span)) {
            let w = 2 * Double.pi * f
            // k = ω², c = 2ζω on unit mass: the same response UIKit's frequency/damping pair gives any mass.
            guard let spring = try? SpringTimingParameters(validatingMass: 1, stiffness: w * w, damping: max(2 * zeta * w, 1e-9)) else {
                return ([], .nan, 1)
            }
            let settle = spring.settlingDuration
            let T = span ?? plotSpan(settle)
            let n = 240
            let samples = (0...n).map { i -> Point in
                let t = T * Double(i) / Double(n)
                return Point(x: t, y: spring.progress(atTime: t))
            }
            return (samples, settle, T)
        }
    }

    /// The plot's time span for a settling time: the first of 1, 2, 5, 10, 20, 50 s (… up to
    /// `longest`, default 50) at or above it (`longest` for slower springs, which say so beside the plot).
    public static func plotSpan(_ settle: Double, longest: Double = 50) -> Double {
        for s in [1.0, 2, 5, 10, 20, 50, 100, 200, 500] where s <= longest && settle <= s { return s }
        return longest
    }
}
