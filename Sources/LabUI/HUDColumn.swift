import Geometry
import Scenes

/// Where everything in the expanded HUD column sits from top to bottom (window points): the
/// parameter rows (``HUDRows``), the variant row, the frame-rate line and sparkline, each half's
/// state line with its settling line and graph, and the plot. The host draws at these places and
/// the session finds the plot's handles at them, so both agree.
public struct HUDColumn: Equatable {
    /// One half's state lines.
    public struct Status: Equatable {
        /// Top of the state line.
        public var lineTop: Double
        /// Top of the settling line, when the scene reports one.
        public var settlingTop: Double?
        /// The settling graph's frame, when there is room for it (A only, not comparing).
        public var graph: Rect?
    }

    /// The expanded column.
    public var panel: Rect
    /// Left edge of the column's content (4 pt in).
    public var x: Double
    /// Top of the variant row's text.
    public var variantTop: Double
    /// Top of the variant row's caption (what the variant is, ``LabUI/LabHelp/variantCaption(_:)``),
    /// nil while comparing (the A/B values say it).
    public var variantCaptionTop: Double?
    /// Top of the frame-rate line.
    public var frameRateTop: Double
    /// The frame-time sparkline.
    public var sparkline: Rect
    /// A's state lines, then B's while comparing.
    public var statuses: [Status]
    /// The plot's frame, or nil in a window too short for it.
    public var plot: Rect?
    /// Top of the dialect block's title lines under the plot, when it has rows and room.
    public var dialectTitleTop: Double?
    /// Tops of the dialect rows' text (``LabInterfaceModel/dialectParameters``), as many as fit.
    public var dialectRowTops: [Double] = []

    /// Height of the variant row's caption line, points.
    public static let captionHeight = 15.0
    /// Height of the sparkline, points.
    public static let sparkHeight = 36.0

    /// The column in `panel` for `rows` parameter rows, the halves' `statuses` (A's, then B's
    /// while comparing) and `dialectRows` rows of the plotted spring under the plot (shown only
    /// when all of them fit) under a title of `dialectTitleLines` lines (1 by default; a long
    /// dialect's name wraps, ``HUD/dialectTitle(_:panel:measurer:)``).
    public init(panel: Rect, rows: Int, statuses: [SceneStatus], dialectRows: Int = 0, dialectTitleLines: Int = 1) {
        self.panel = panel
        x = panel.minX + 4
        let comparing = statuses.count > 1
        variantTop = HUDRows.textTop(rows, panel: panel, comparing: comparing)
        variantCaptionTop = comparing ? nil : variantTop + 17
        frameRateTop = variantTop + HUDRows.lineHeight + 6 + (comparing ? 0 : Self.captionHeight)
        sparkline = Rect(x: x + 6, y: frameRateTop + 20, width: panel.width - 24, height: Self.sparkHeight)
        var y = sparkline.maxY + 8
        self.statuses = []
        for (half, s) in statuses.enumerated() {
            var status = Status(lineTop: y)
            y += 18
            if let r = s.settling {
                status.settlingTop = y
                y += 18
                let graph = Rect(x: x + 24, y: y + 14, width: panel.width - 44, height: 44)
                if half == 0, !comparing, r.samples.count >= 2, graph.maxY + 200 <= panel.maxY {
                    status.graph = graph
                    y = graph.maxY + 18
                }
            }
            self.statuses.append(status)
        }
        y += 6
        let plot = Rect(x: x + 24, y: y + 14, width: panel.width - 44, height: 70)
        self.plot = plot.maxY + 16 <= panel.maxY ? plot : nil
        // The plotted spring in another dialect: a title line under the plot's axis labels, then its rows.
        let title = plot.maxY + 20
        let titleHeight = 4 + 14 * Double(max(1, dialectTitleLines))
        let tops = (0..<dialectRows).map { title + titleHeight + Double($0) * HUDRows.lineHeight }
        if self.plot != nil, dialectRows > 0, let last = tops.last, last + HUDRows.lineHeight <= panel.maxY {
            dialectTitleTop = title
            dialectRowTops = tops
        }
    }

    /// Row `index` of the dialect block's whole frame (as ``HUDRows/rowFrame(_:panel:comparing:)``).
    public func dialectRowFrame(_ index: Int) -> Rect {
        Rect(x: panel.minX, y: dialectRowTops[index] - 2, width: panel.width, height: HUDRows.lineHeight)
    }

    /// The dialect row under `p`, if any.
    public func dialectRow(at p: Point) -> Int? {
        dialectRowTops.indices.first { dialectRowFrame($0).contains(p) }
    }
}
