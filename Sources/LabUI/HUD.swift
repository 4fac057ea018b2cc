import Geometry
import Drawing
import Scenes
import Animation
import Dynamics

/// The heads-up display, docked as a column at the window's right edge (the scene is laid out in
/// the rest, so nothing is ever under it; ``HUDLayout``): scene, tunable parameters with
/// their keys, frame rate with a frame-time sparkline over the last 2 s, the animator's state and
/// the spring's or curve's plot. Tab collapses it to a slim bar and back. It draws what a
/// ``LabInterfaceModel`` reports, at the places ``HUDRows`` and ``HUDColumn`` give (where the
/// pointer finds them too).
public enum HUD {

    /// The collapsed bar: a chevron, the frame rate and "HUD · Tab" written upwards.
    public static func drawCollapsed(session: some LabInterfaceModel, in panel: Rect, into list: inout DisplayList, z: Int) {
        list.append(.fill(panel, color: Overlay.panel), z: z)
        list.append(.line(from: Point(x: panel.minX, y: panel.minY), to: Point(x: panel.minX, y: panel.maxY), width: 1,
                          color: Color(white: 1, alpha: 0.08)), z: z)
        list.append(.text("‹", frame: Rect(x: panel.minX, y: panel.minY + 6, width: panel.width, height: 20), size: 17,
                          color: Overlay.accent, alignment: .center, transform: .identity), z: z)
        list.append(.text(format0(session.framesPerSecond), frame: Rect(x: panel.minX, y: panel.minY + 30, width: panel.width, height: 14),
                          size: 10, color: Overlay.dim, alignment: .center, transform: .identity), z: z)
        let label = "HUD · Tab"
        let c = Point(x: panel.midX, y: panel.minY + 110)
        list.append(.text(label, frame: Rect(center: c, size: Size(width: 120, height: 16)), size: 12, color: Overlay.dim,
                          alignment: .center, transform: AffineTransform(rotationAngle: -Double.pi / 2)), z: z)
    }

    /// A's colour while comparing (values, plots, badges).
    public static let colorA = Color.teal
    /// B's colour while comparing.
    public static let colorB = Color.orange

    /// The expanded column in `panel` (window points) at depth `z`, its text fitted with
    /// `measurer`; `caches` keeps the plots' samples between frames (pass the same array each frame).
    public static func draw(session: some LabInterfaceModel, in panel: Rect, measurer: TextMeasuring, into list: inout DisplayList, z: Int,
                            caches: inout [PlotCache]) {
        let scene = session.scene
        let b = session.sceneB
        let params = scene.rowParameters
        let x = panel.minX + 4
        let inner = panel.width - 20
        var y = panel.minY + 12
        list.append(.fill(panel, color: Overlay.panel), z: z)
        list.append(.line(from: Point(x: panel.minX, y: panel.minY), to: Point(x: panel.minX, y: panel.maxY), width: 1,
                          color: Color(white: 1, alpha: 0.08)), z: z)
        list.append(.text(b == nil ? scene.title : scene.title + " · A/B", at: Point(x: x + 6, y: y), size: 15, color: Overlay.accent), z: z)
        let clockText = session.isPaused ? "paused" : (session.timeScale < 1 ? "slow ×0.1" : "")
        if !clockText.isEmpty {
            list.append(.text(clockText, frame: Rect(x: x, y: y, width: inner, height: 18), size: 13,
                              color: Color.orange, alignment: .right, transform: .identity), z: z)
        }
        y += 26
        // While comparing, A's values (teal) and B's (orange) side by side; the half the keys
        // tune is underlined. Rows and columns come from HUDRows, where the pointer finds them.
        let comparing = b != nil
        let columns = HUDRows.valueColumns(panel: panel, comparing: comparing)
        let aColumn = columns[0], bColumn = columns[columns.count - 1]
        if b != nil {
            let tuned = session.tunedHalf
            for (half, column) in [aColumn, bColumn].enumerated() {
                let r = Rect(x: column.minX, y: y - 4, width: column.width, height: 16)
                list.append(.text(half == 0 ? "A" : "B", frame: r, size: 12, color: half == 0 ? colorA : colorB,
                                  alignment: .right, transform: .identity), z: z)
                if half == tuned {
                    list.append(.line(from: Point(x: r.maxX - 9, y: r.maxY - 1), to: Point(x: r.maxX, y: r.maxY - 1), width: 1.5,
                                      color: half == 0 ? colorA : colorB), z: z)
                }
            }
        }
        let control = session.hudActivity
        for (i, p) in params.enumerated() {
            y = HUDRows.textTop(i, panel: panel, comparing: comparing)
            let field = HUDField(row: i, half: 0, name: p.name)
            drawValueRow(p, key: keyLabel(p), top: y, row: HUDRows.rowFrame(i, panel: panel, comparing: comparing), field: field,
                         control: control, column: aColumn, valueFrame: HUDRows.valueFrame(i, half: 0, panel: panel, comparing: comparing),
                         color: b == nil ? Overlay.text : colorA, into: &list, z: z)
            if let bp = b?.parameter(p.name) {
                var fieldB = field
                fieldB.half = 1
                drawValue(bp, top: y, field: fieldB, control: control, column: bColumn,
                          valueFrame: HUDRows.valueFrame(i, half: 1, panel: panel, comparing: comparing), color: colorB, into: &list, z: z)
            }
        }
        let halves = [scene] + (b.map { [$0] } ?? [])
        let statuses = halves.map(\.status)
        let dialect = session.dialectParameters
        let dialectTitle = Self.dialectTitle(session.dialectTitle, panel: panel, measurer: measurer)
        let column = HUDColumn(panel: panel, rows: params.count, statuses: statuses, dialectRows: dialect.count,
                               dialectTitleLines: dialectTitle.count)
        y = column.variantTop
        // The variant, flipped with Z.
        list.append(.text("Z", at: Point(x: x + 6, y: y), size: 13, color: Overlay.dim), z: z)
        list.append(.text("variant", at: Point(x: x + 50, y: y), size: 13, color: Overlay.text), z: z)
        list.append(.text(scene.variant.rawValue, frame: aColumn.offset(by: Vector(dx: 0, dy: y)), size: 13,
                          color: b != nil ? colorA : scene.variant == .seed ? Overlay.text : Overlay.accent, alignment: .right,
                          transform: .identity), z: z)
        if let b {
            list.append(.text(b.variant.rawValue, frame: bColumn.offset(by: Vector(dx: 0, dy: y)), size: 13, color: colorB,
                              alignment: .right, transform: .identity), z: z)
        }
        // What the variant is (the seed is the source's code, quirks and all), and the way to the other.
        if let top = column.variantCaptionTop {
            list.append(.text(LabHelp.variantCaption(scene.variant), at: Point(x: x + 50, y: top), size: 11, color: Overlay.dim), z: z)
        }
        // Frame rate and sparkline of frame times (last 2 s); the guide line marks one refresh interval.
        let times = session.frameTimes(last: 2)
        let fps = session.framesPerSecond
        let ms = session.medianFrameTime * 1000
        // The refresh the frame limiter and the clock assume (the display's, or --refresh).
        let refresh = 1 / session.refreshInterval
        list.append(.text(format0(fps) + " fps   " + format1(ms) + " ms   @" + format0(refresh) + " Hz",
                          at: Point(x: x + 6, y: column.frameRateTop), size: 13, color: Overlay.text), z: z)
        let spark = column.sparkline
        list.append(.fill(spark, radius: 3, color: Color(white: 1, alpha: 0.06)), z: z)
        let cap = 1.0 / 20 // 50 ms at the top
        let guideY = spark.maxY - spark.height * min(1, session.refreshInterval / cap)
        list.append(.line(from: Point(x: spark.minX, y: guideY), to: Point(x: spark.maxX, y: guideY), width: 1, color: Color(white: 1, alpha: 0.2)), z: z)
        if times.count >= 2 {
            let n = Double(times.count - 1)
            let pts = times.enumerated().map { i, v in
                Point(x: spark.minX + spark.width * Double(i) / n, y: spark.maxY - spark.height * min(1, v / cap))
            }
            list.append(.stroke(points: pts, closed: false, width: 1.5, color: .green), z: z)
        }
        for (half, s) in statuses.enumerated() {
            let place = column.statuses[half]
            let state = s.animatorRunning ? "running" : "at rest"
            let prefix = b == nil ? "" : (half == 0 ? "A: " : "B: ")
            let line = s.detail ?? "\(state) · \(s.itemsInMotion) moving · \(s.behaviors) behaviors"
            // A state line longer than the column ends in "…" rather than under its edge.
            let room = panel.maxX - (x + 6) - 8
            list.append(.text(TextLayout.fit(prefix + line, size: 12, width: room, measurer: measurer), at: Point(x: x + 6, y: place.lineTop),
                              size: 12, color: s.animatorRunning ? .green : Overlay.dim), z: z)
            if let r = s.settling, let top = place.settlingTop {
                list.append(.text(TextLayout.fit(prefix + settlingLine(r), size: 12, width: room, measurer: measurer), at: Point(x: x + 6, y: top), size: 12,
                                  color: r.measured == nil ? Overlay.text : Overlay.dim), z: z)
                // The cell it is about, measured over its predicted envelope (A only: room).
                if let graph = place.graph {
                    drawSettlingGraph(r, previous: half == 0 ? session.previousRunSettling : nil, in: graph, measurer: measurer, into: &list, z: z)
                }
            }
        }
        guard let plotRect = column.plot else { return }  // a short window: no room for the plot
        while caches.count < 2 { caches.append(PlotCache()) }
        switch (scene.plot, b?.plot) {
        case let (.spring(f, zeta, note)?, other):
            // The spring an item feels, as the scene plots it (the drag scene's cell on four
            // attachments: their combined √2·f and √2·ζ, which E exports too).
            var springs = [(f, zeta)]
            if case let .spring(fb, zb, _)? = other { springs.append((fb, zb)) }
            drawSprings(springs, note: note, in: plotRect, into: &list, z: z, caches: &caches)
        case let (.timing(timing, position)?, other):
            fillTiming(&caches[0], timing)
            var yRange = -0.05...1.05
            let handles = b == nil ? scene.curveHandles : nil
            if let handles { yRange = session.handleRange(handles) }
            if case let .timing(tb, _)? = other {
                fillTiming(&caches[1], tb)
                yRange = commonRange(caches[0].samples + caches[1].samples)
            }
            drawTiming(timing, position: position, color: b == nil ? .teal : colorA, yRange: yRange, in: plotRect, into: &list, z: z,
                       cache: &caches[0])
            if let handles {
                let m = PlotMapping(rect: plotRect, xRange: 0...1, yRange: yRange, samples: caches[0].samples)
                var held: Int?
                if case let .holdingHandle(index) = session.hudActivity { held = index }
                drawHandles(handles, held: held, mapping: m, into: &list, z: z)
            }
            if case let .timing(tb, pb)? = other {
                drawTiming(tb, position: pb, color: colorB, yRange: yRange, in: plotRect, into: &list, z: z, cache: &caches[1], overlay: true)
            }
        case (nil, _):
            break
        }
        // The plotted spring as another platform writes it (K cycles the dialect), each number a control.
        if let title = column.dialectTitleTop {
            for (i, text) in dialectTitle.enumerated() {
                list.append(.text(text, frame: Rect(x: x + 6, y: title + 14 * Double(i), width: panel.width - 16, height: 14),
                                  size: 11, color: Overlay.dim, alignment: .left, transform: .identity), z: z)
            }
            for (i, p) in dialect.enumerated() where i < column.dialectRowTops.count {
                let top = column.dialectRowTops[i]
                drawValueRow(p, key: "", top: top, row: column.dialectRowFrame(i), field: HUDField(row: i, half: 0, name: p.name, group: .springDialect),
                             control: control, column: aColumn,
                             valueFrame: Rect(x: aColumn.maxX - 70, y: top - 2, width: 72, height: HUDRows.lineHeight),
                             color: Overlay.text, into: &list, z: z)
            }
        }
    }

    /// The dialect block's title ("K · " and the dialect's name) as the column in `panel` shows
    /// it: wrapped onto a second line when longer than the column (never cut).
    public static func dialectTitle(_ name: String, panel: Rect, measurer: TextMeasuring) -> [String] {
        TextLayout.lines("K · " + name, size: 11, width: panel.width - 16, measurer: measurer)
    }

    /// One value row: its key (or nothing), its name (or, while a typed value is refused, why),
    /// and its value right-aligned in `column`, highlighted while dragged.
    static func drawValueRow(_ p: SceneParameter, key: String, top y: Double, row: Rect, field: HUDField, control: HUDActivity,
                             column: Rect, valueFrame: Rect, color: Color, into list: inout DisplayList, z: Int) {
        let x = column.minX
        if case let .dragging(held) = control, held.row == field.row, held.group == field.group {
            list.append(.fill(row, color: Color(white: 1, alpha: 0.07)), z: z)
        }
        if !key.isEmpty { list.append(.text(key, at: Point(x: x + 6, y: y), size: 13, color: Overlay.dim), z: z) }
        let nameFrame = Rect(x: x + 50, y: y, width: column.maxX - x - 50 - 56, height: 16)
        if case let .typing(edited, _, refusal?) = control, edited.row == field.row, edited.group == field.group {
            list.append(.text(refusal, frame: nameFrame, size: 12, color: .orange, alignment: .left, transform: .identity), z: z)
        } else {
            list.append(.text(p.label, frame: nameFrame, size: 13, color: Overlay.text, alignment: .left, transform: .identity), z: z)
        }
        drawValue(p, top: y, field: field, control: control, column: column, valueFrame: valueFrame, color: color, into: &list, z: z)
    }

    /// A value right-aligned in `column` (orange at a bound of its range), or the field it is
    /// being typed into.
    static func drawValue(_ p: SceneParameter, top y: Double, field: HUDField, control: HUDActivity, column: Rect, valueFrame: Rect,
                          color: Color, into list: inout DisplayList, z: Int) {
        if case let .typing(edited, text, _) = control, edited == field {
            drawField(text: text, placeholder: p.formatted, in: valueFrame, into: &list, z: z)
            return
        }
        let atBound = p.step != .cycle && (p.value <= p.range.lowerBound || p.value >= p.range.upperBound)
        list.append(.text(p.formatted, frame: column.offset(by: Vector(dx: 0, dy: y)), size: 13,
                          color: atBound ? .orange : color, alignment: .right, transform: .identity), z: z)
    }

    /// The field a value is typed into: a dark box with an accent edge, the text typed so far
    /// and a caret, or the current value dimmed while nothing is typed yet.
    static func drawField(text: String, placeholder: String, in frame: Rect, into list: inout DisplayList, z: Int) {
        list.append(.fill(frame, radius: 3, color: Color(white: 0.02)), z: z)
        list.append(.strokeRect(frame, width: 1, color: Overlay.accent), z: z)
        let inner = frame.insetBy(dx: 5, dy: 2)
        list.append(.text(text.isEmpty ? placeholder : text + "|", frame: inner, size: 13,
                          color: text.isEmpty ? Overlay.dim : Overlay.text, alignment: .right, transform: .identity), z: z)
    }

    /// A cubic curve's control points as handles on its plot, as cubic-bezier.com draws them:
    /// a line from each end of the curve to its handle, the handle a dot (white while `held`).
    static func drawHandles(_ handles: (Point, Point), held: Int?, mapping m: PlotMapping, into list: inout DisplayList, z: Int) {
        for (i, (end, handle)) in [(Point(x: 0, y: 0), handles.0), (Point(x: 1, y: 1), handles.1)].enumerated() {
            let p = m.point(handle)
            list.append(.line(from: m.point(end), to: p, width: 1, color: Color(white: 1, alpha: 0.45)), z: z)
            list.append(.circle(center: p, radius: held == i ? 5.5 : 4.5, color: held == i ? .white : Overlay.accent), z: z)
        }
    }

    /// `v` with two decimals ("8.00", "0.60"): the HUD's precision for Hz, ratios and seconds.
    public static func fixed2(_ v: Double) -> String {
        guard v.isFinite else { return String(v) }
        let n = Int(saturating: (abs(v) * 100).rounded())
        let frac = n % 100
        return (v < 0 && n != 0 ? "-" : "") + String(n / 100) + "." + (frac < 10 ? "0" : "") + String(frac)
    }

    /// `v` to at most two decimals, without a trailing ".0" ("0.25", "1"): a cubic curve's control points.
    static func format2(_ v: Double) -> String {
        var s = String((v * 100).rounded() / 100)
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }

    /// A parameter's hotkeys as its row shows them ("F ⇧F").
    static func keyLabel(_ p: SceneParameter) -> String { p.key.uppercased() + " ⇧" + p.key.uppercased() }

    /// `v` rounded to a whole number ("60").
    static func format0(_ v: Double) -> String { String(Int(saturating: v.rounded())) }
    /// `v` rounded to one decimal ("16.7").
    static func format1(_ v: Double) -> String { String((v * 10).rounded() / 10) }
}
