import Geometry
import Drawing
import Gestures

/// `W`: the timeline strip at the bottom of the content — the last minute of the session, the
/// gestures in it as marks, and the playhead, which a drag moves. This draws it; where it is and
/// how x maps to time is ``TimelineStripLayout``, and how its axis counts the session's frames
/// ``TimelineStripClock``.
public enum TimelineStrip {
    /// Appends `model`'s strip to `list` at depth `z` when it shows: a dark band, a tick every
    /// 10 s (2 s while the strip shows less than 20 s), each gesture (press to release) as a bar
    /// and each key as a tick, the parked future dimmer, the clip from its start (`I`) to the
    /// playhead in orange, the playhead with its time and frame number, the other branches
    /// dimmed in a thin lane above the track and the model's hint at the right end. The model's
    /// times are session seconds, drawn on the axis of its ``LabInterfaceModel/timelineStripClock``
    /// over its ``LabInterfaceModel/timelineStripRange``.
    public static func draw(_ model: some LabInterfaceModel, into list: inout DisplayList, z: Int) {
        guard model.timelineVisible else { return }
        let layout = model.timelineStripLayout, clock = model.timelineStripClock
        let r = layout.frame
        let end = layout.end, start = end - layout.span, head = clock.stripTime(ofSessionTime: model.playhead)
        let tickStep = layout.span < 20 ? 2.0 : 10.0
        list.append(.fill(r, color: Color(white: 0.06, alpha: 0.97)), z: z)
        let track = Rect(x: r.minX + 8, y: r.minY + 6, width: max(0, r.width - 16), height: r.height - 18)
        var s = max(0, (start / tickStep).rounded(.up) * tickStep)
        while s <= end {
            let x = layout.x(of: s)
            list.append(.line(from: Point(x: x, y: track.maxY), to: Point(x: x, y: track.maxY + 4), color: Color(white: 0.4)), z: z)
            list.append(.text("\(Int(saturating: s)) s", at: Point(x: x + 2, y: track.maxY), size: 9, color: Color(white: 0.5)), z: z)
            s += tickStep
        }
        if model.timelineParked {
            let x0 = max(layout.x(of: head), track.minX)
            list.append(.fill(Rect(x: x0, y: track.minY, width: max(0, track.maxX - x0), height: track.height),
                              color: Color(white: 0.18, alpha: 0.8)), z: z)
        }
        if let clipIn = model.timelineClipIn.map(clock.stripTime(ofSessionTime:)), clipIn >= start {
            // The clip: from its start (I) to the playhead, what X exports.
            let x0 = min(max(layout.x(of: clipIn), track.minX), track.maxX)
            let x1 = min(max(layout.x(of: head), x0), track.maxX)
            list.append(.fill(Rect(x: x0, y: track.minY, width: x1 - x0, height: track.height), color: Color.orange.withAlpha(0.22)), z: z)
            list.append(.fill(Rect(x: x0 - 1, y: r.minY + 2, width: 2, height: r.height - 4), color: .orange), z: z)
        }
        let marks = Marks(start: start, track: track, layout: layout, clock: clock)
        marks.draw(model.timelineLogLines, color: Color.teal, into: &list, z: z)
        marks.draw(model.timelineFutureLines, color: Color(white: 0.45), into: &list, z: z)
        marks.drawBranches(model.timelineBranchSpans, into: &list, z: z)
        if let hint = model.timelineHint, !hint.isEmpty {
            // Right-aligned in the tick labels' row, on the band's colour so no label shows through.
            let row = Rect(x: r.midX, y: track.maxY, width: r.maxX - 6 - r.midX, height: r.maxY - track.maxY)
            // About 5 pt a character at 9 pt.
            let w = min(row.width, Double(hint.count) * 5 + 8)
            list.append(.fill(Rect(x: row.maxX - w, y: row.minY, width: w + 6, height: row.height), color: Color(white: 0.06)), z: z)
            list.append(.text(hint, frame: row, size: 9, color: Color(white: 0.75), alignment: .right, transform: .identity), z: z)
        }
        let x = min(max(layout.x(of: head), track.minX), track.maxX)
        list.append(.fill(Rect(x: x - 1, y: r.minY + 2, width: 2, height: r.height - 4), color: .white), z: z)
        let readout = readout(time: head, frame: model.playheadFrame)
        // About 5.5 pt a character at 10 pt: the readout turns to the playhead's left near the end.
        let width = Double(readout.count) * 5.5 + 4
        let labelX = x + 4 + width <= r.maxX - 4 ? x + 4 : max(r.minX + 2, x - 4 - width)
        list.append(.text(readout, at: Point(x: labelX, y: r.minY + 1), size: 10, color: .white), z: z)
    }

    /// The playhead's readout: its time on the strip's axis with two decimals and, when the
    /// model counts frames, the frame number ("12.35 s · frame 741").
    public static func readout(time: Double, frame: Int?) -> String {
        frame.map { "\(seconds(time)) s · frame \($0)" } ?? "\(seconds(time)) s"
    }

    /// The branch lane's height, points: a thin line above the track.
    public static let branchLaneHeight = 3.0
    /// The branch lane's colour: dimmed, under the gestures' teal.
    public static let branchColor = Color(white: 0.55, alpha: 0.6)

    /// Where the marks of lines go: the track, its layout and the axis the lines' session times
    /// map to.
    private struct Marks {
        /// The axis time at the track's left end, seconds.
        let start: Double
        let track: Rect
        let layout: TimelineStripLayout
        let clock: TimelineStripClock

        /// The x of session time `t`, window points.
        func x(_ t: Double) -> Double { layout.x(of: clock.stripTime(ofSessionTime: t)) }

        /// Marks the gestures among `lines` since the track's start: a press held to its release
        /// as a bar (a release without its press, in the future of a parked playhead, from the
        /// first line), a key or wheel turn as a tick.
        func draw(_ lines: [some TimelineStripLine], color: Color, into list: inout DisplayList, z: Int) {
            var pressedAt: Double?
            func bar(_ a: Double, _ b: Double) {
                let x0 = max(x(a), track.minX), x1 = min(x(b), track.maxX)
                guard x1 >= x0 else { return }
                list.append(.fill(Rect(x: x0, y: track.midY - 4, width: max(2, x1 - x0), height: 8), radius: 2, color: color), z: z)
            }
            func tick(_ t: Double) {
                let x = x(t)
                guard x >= track.minX && x <= track.maxX else { return }
                list.append(.line(from: Point(x: x, y: track.minY), to: Point(x: x, y: track.maxY), color: color), z: z)
            }
            var i = lines.endIndex
            // Only the lines the track shows: walk back to the first one after its start.
            let startTime = clock.sessionTime(ofStripTime: start)
            while i > lines.startIndex && lines[i - 1].timestamp >= startTime { i -= 1 }
            var lastTime = startTime
            let first = i < lines.endIndex ? lines[i].timestamp : startTime
            for line in lines[i...] {
                guard let e = line.input else { lastTime = line.timestamp; continue }
                lastTime = e.timestamp
                switch e {
                case .pointer(let p) where p.phase == .down: pressedAt = pressedAt ?? p.timestamp
                case .pointer(let p) where p.phase == .up || p.phase == .cancelled:
                    bar(pressedAt ?? first, p.timestamp)
                    pressedAt = nil
                case .key(let k) where k.phase == .down: tick(k.timestamp)
                case .scroll(let w): tick(w.timestamp)
                default: break
                }
            }
            if let p = pressedAt { bar(p, lastTime) }
        }

        /// The other branches' `spans` (session seconds) as dim bars in a thin lane just above
        /// the track, clipped to it.
        func drawBranches(_ spans: [ClosedRange<Double>], into list: inout DisplayList, z: Int) {
            for span in spans {
                let x0 = max(x(span.lowerBound), track.minX), x1 = min(x(span.upperBound), track.maxX)
                guard x1 >= x0 else { continue }
                list.append(.fill(Rect(x: x0, y: track.minY - TimelineStrip.branchLaneHeight - 1, width: max(2, x1 - x0),
                                       height: TimelineStrip.branchLaneHeight), color: TimelineStrip.branchColor), z: z)
            }
        }
    }

    /// Seconds with two decimals ("12.05"), as the session's notices write them.
    static func seconds(_ t: Double) -> String {
        let c = Int(saturating: (t * 100).rounded())
        return "\(c / 100).\(String(c % 100).count == 1 ? "0" : "")\(c % 100)"
    }
}
