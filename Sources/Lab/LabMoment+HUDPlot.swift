import Geometry
import Scenes
import LabUI
import Animation
import Gestures

/// The HUD's plot by hand (issue 28 part 2): a cubic timing curve's two handles drag its control
/// points, as on cubic-bezier.com (x clamped to 0…1 as CSS clamps it); a spring's plot drags
/// its speed (across) and bounce (up and down). Not while comparing: the plot then shows both
/// halves.
extension LabMoment {
    /// The expanded HUD column's layout for the scenes as they are now, or nil while it is collapsed.
    var hudColumn: HUDColumn? {
        guard let panel = hudRowsPanel else { return nil }
        let statuses = [scene.status] + (compareHalf.map { [$0.scene.status] } ?? [])
        return HUDColumn(panel: panel, rows: scene.rowParameters.count, statuses: statuses, dialectRows: dialectParameters.count,
                         dialectTitleLines: HUD.dialectTitle(springDialect.title, panel: panel, measurer: textMeasurer).count)
    }

    /// The y range a cubic curve with `handles` is plotted over: both handles' y and −0.05…1.05,
    /// and while a handle is held the range it was grabbed in as well (so the plot under the
    /// pointer does not rescale as it moves).
    package func handleRange(_ handles: (Point, Point)) -> ClosedRange<Double> {
        let range = PlotMapping.cubicRange(handles.0, handles.1)
        guard case let .handle(_, held) = hudControl else { return range }
        return min(held.lowerBound, range.lowerBound)...max(held.upperBound, range.upperBound)
    }

    /// A press at `p` on the plot: grabs the nearer handle of a cubic curve within reach, or the
    /// spring plot. Returns whether it did.
    func pressHUDPlot(at p: Point) -> Bool {
        guard compareHalf == nil, hudRowsPanel?.contains(p) == true, let rect = hudColumn?.plot else { return false }
        if let handles = scene.curveHandles {
            let range = handleRange(handles)
            let m = PlotMapping(rect: rect, xRange: 0...1, yRange: range)
            let d = [handles.0, handles.1].map { (m.point($0) - p).length }
            guard let i = d.indices.min(by: { d[$0] < d[$1] }), d[i] <= HUDControl.handleReach else { return false }
            hudControl = .handle(index: i, yRange: range)
            return true
        }
        guard rect.insetBy(dx: -4, dy: -4).contains(p), let spring = plottedSpring else { return false }
        hudControl = .springPlot(start: p, frequency: spring.frequency, dampingRatio: spring.dampingRatio)
        return true
    }

    /// The spring the scene plots (Hz, damping ratio), or nil when it plots a cubic curve.
    var plottedSpring: (frequency: Double, dampingRatio: Double)? {
        switch scene.plot {
        case let .spring(f, zeta, _)?: return (f, zeta)
        case let .timing(.spring(s), _)?:
            let c = SpringConversion(s)
            return (c.frequency, c.dampingRatio)
        default: return nil
        }
    }

    /// Moves and the release of a held handle or spring plot.
    func handleHUDPlotPointer(_ e: PointerEvent) -> Bool {
        switch hudControl {
        case let .handle(index, _):
            guard let rect = hudColumn?.plot, var handles = scene.curveHandles else { hudControl = .idle; return true }
            let v = PlotMapping(rect: rect, xRange: 0...1, yRange: handleRange(handles)).value(at: e.location)
            let moved = Point(x: min(max(v.x, 0), 1), y: v.y)
            if index == 0 { handles.0 = moved } else { handles.1 = moved }
            scene.setCurveHandles(handles.0, handles.1)
            capture(half: 0)
            if e.phase != .moved {
                hudControl = .idle
                if let h = scene.curveHandles { overlay.notice("cubic (\(Self.two(h.0.x)), \(Self.two(h.0.y)), \(Self.two(h.1.x)), \(Self.two(h.1.y)))", at: now) }
            }
        case let .springPlot(start, f0, zeta0):
            let s = HUDControl.draggedSpring(frequency: f0, dampingRatio: zeta0, dx: e.location.x - start.x, dy: e.location.y - start.y)
            scene.setPlottedSpring(frequency: s.frequency, dampingRatio: s.dampingRatio)
            capture(half: 0)
            if e.phase != .moved {
                hudControl = .idle
                if let now = plottedSpring { overlay.notice("spring \(Self.two(now.frequency)) Hz · ζ \(Self.two(now.dampingRatio))", at: self.now) }
            }
        default:
            break
        }
        return true
    }

    /// `v` with two decimals, for notices.
    static func two(_ v: Double) -> String { fixed(v, decimals: 2) }
}
