import Geometry
import Drawing
import Gestures

/// `W`: the timeline strip at the bottom of the content — the last minute of session time, the
/// gestures in it as marks, and the playhead, which a drag moves (``LabSession/scrub(to:)``, the
/// path a script's `scrub` line takes). Its pointer events are the strip's alone: they never
/// reach a scene or the log.
extension LabSession {
    /// The key that shows and hides the strip (no scene and no other lab key uses it).
    package static let timelineKey = "w"

    /// The strip's height, points.
    package static let timelineStripHeight = 34.0

    /// W: shows or hides the strip.
    func toggleTimelineStrip() {
        overlay.timelineVisible.toggle()
        overlay.timelineScrubbing = false
        overlay.notice(overlay.timelineVisible ? "timeline: drag the playhead through the last minute · , . step while paused"
                                               : "timeline hidden", at: now)
    }

    /// The strip's frame (window points): across the bottom of the content.
    package var timelineStripFrame: Rect {
        let content = HUDLayout.contentFrame(in: size, expanded: overlay.hudVisible)
        let h = min(Self.timelineStripHeight, content.height)
        return Rect(x: content.minX, y: content.maxY - h, width: content.width, height: h)
    }

    /// The seconds the strip's width shows: the session so far, at least 10 s (so a session's
    /// first seconds spread over the strip instead of crowding its right end) and at most the
    /// minute the playhead reaches.
    package var timelineStripSpan: Double { min(SessionHistory.span, max(10, timelineEnd)) }

    /// The session time under window x-coordinate `x` on the strip, seconds: its width is the
    /// ``timelineStripSpan`` before the history's end.
    package func timelineTime(atX x: Double) -> Double {
        let r = timelineStripFrame.insetBy(dx: 8, dy: 0)
        let f = r.width > 0 ? min(max((x - r.minX) / r.width, 0), 1) : 1
        let span = timelineStripSpan
        return timelineEnd - span + f * span
    }

    /// The strip's x-coordinate of session time `t` (window points).
    package func timelineX(of t: Double) -> Double {
        let r = timelineStripFrame.insetBy(dx: 8, dy: 0)
        let span = timelineStripSpan
        return r.minX + (t - (timelineEnd - span)) / span * r.width
    }

    /// Whether `input` moves the playhead's drag (scrubbed to later: ``Timeline/pendingScrub``).
    func isTimelineStripMove(_ input: InputEvent) -> Bool {
        guard overlay.timelineScrubbing, case .pointer(let e) = input else { return false }
        return e.phase == .moved && e.button == .left
    }

    /// Scrubs to where the playhead's drag last moved, if it moved since.
    func scrubToPendingMoment() {
        guard let t = timeline.pendingScrub else { return }
        timeline.pendingScrub = nil
        scrub(to: t)
    }

    /// Takes `input` when it is the strip's: a left press on the shown strip starts a drag of the
    /// playhead (scrubbing to the press), moves scrub, the release ends the drag. Returns whether
    /// it took the input.
    func handleTimelineStrip(_ input: InputEvent) -> Bool {
        guard overlay.timelineVisible, case .pointer(let e) = input, e.button == .left else { return false }
        switch e.phase {
        case .down:
            guard !moment.isPointerDown, timelineStripFrame.contains(e.location) else { return false }
            overlay.timelineScrubbing = true
            scrub(to: timelineTime(atX: e.location.x))
            return true
        case .moved:
            guard overlay.timelineScrubbing else { return false }
            timeline.pendingScrub = timelineTime(atX: e.location.x)
            return true
        case .up, .cancelled:
            guard overlay.timelineScrubbing else { return false }
            overlay.timelineScrubbing = false
            // The button that dragged the playhead is up: a press the moment holds is no one's.
            timeline.history.pressLapsed = moment.isPointerDown
            return true
        }
    }

    /// Appends the strip to `list` at depth `z` when it shows: a dark band, a tick every 10 s (2 s
    /// while the session is shorter than 20 s),
    /// each gesture (press to release) as a bar and each key as a tick, the parked future dimmer,
    /// the clip from its start (`I`) to the playhead in orange, and the playhead with its time.
    package func drawTimelineStrip(into list: inout DisplayList, z: Int) {
        guard overlay.timelineVisible else { return }
        let r = timelineStripFrame
        let end = timelineEnd, start = end - timelineStripSpan, head = playhead
        let tickStep = timelineStripSpan < 20 ? 2.0 : 10.0
        list.append(.fill(r, color: Color(white: 0.06, alpha: 0.97)), z: z)
        let track = Rect(x: r.minX + 8, y: r.minY + 6, width: max(0, r.width - 16), height: r.height - 18)
        var s = max(0, (start / tickStep).rounded(.up) * tickStep)
        while s <= end {
            let x = timelineX(of: s)
            list.append(.line(from: Point(x: x, y: track.maxY), to: Point(x: x, y: track.maxY + 4), color: Color(white: 0.4)), z: z)
            list.append(.text("\(Int(saturating: s)) s", at: Point(x: x + 2, y: track.maxY), size: 9, color: Color(white: 0.5)), z: z)
            s += tickStep
        }
        if history.isParked {
            let x0 = max(timelineX(of: head), track.minX)
            list.append(.fill(Rect(x: x0, y: track.minY, width: max(0, track.maxX - x0), height: track.height),
                              color: Color(white: 0.18, alpha: 0.8)), z: z)
        }
        if let clipIn = history.clipIn, clipIn >= start {
            // The clip: from its start (I) to the playhead, what X exports.
            let x0 = min(max(timelineX(of: clipIn), track.minX), track.maxX)
            let x1 = min(max(timelineX(of: head), x0), track.maxX)
            list.append(.fill(Rect(x: x0, y: track.minY, width: x1 - x0, height: track.height), color: Color.orange.withAlpha(0.22)), z: z)
            list.append(.fill(Rect(x: x0 - 1, y: r.minY + 2, width: 2, height: r.height - 4), color: .orange), z: z)
        }
        drawGestureMarks(log?.lines ?? [], from: start, track: track, color: Color.teal, into: &list, z: z)
        drawGestureMarks(history.future, from: start, track: track, color: Color(white: 0.45), into: &list, z: z)
        let x = min(max(timelineX(of: head), track.minX), track.maxX)
        list.append(.fill(Rect(x: x - 1, y: r.minY + 2, width: 2, height: r.height - 4), color: .white), z: z)
        list.append(.text("\(Self.seconds(head)) s", at: Point(x: min(x + 4, r.maxX - 48), y: r.minY + 1), size: 10,
                          color: .white), z: z)
    }

    /// Marks the gestures among `lines` since session time `start`: a press held to its release
    /// as a bar (a release without its press, in the future of a parked playhead, from the
    /// first line), a key or wheel turn as a tick.
    private func drawGestureMarks(_ lines: [ScriptLine], from start: Double, track: Rect, color: Color,
                                  into list: inout DisplayList, z: Int) {
        var pressedAt: Double?
        func bar(_ a: Double, _ b: Double) {
            let x0 = max(timelineX(of: a), track.minX), x1 = min(timelineX(of: b), track.maxX)
            guard x1 >= x0 else { return }
            list.append(.fill(Rect(x: x0, y: track.midY - 4, width: max(2, x1 - x0), height: 8), radius: 2, color: color), z: z)
        }
        func tick(_ t: Double) {
            let x = timelineX(of: t)
            guard x >= track.minX && x <= track.maxX else { return }
            list.append(.line(from: Point(x: x, y: track.minY), to: Point(x: x, y: track.maxY), color: color), z: z)
        }
        var i = lines.endIndex
        // Only the lines of the last minute: walk back to the first one after `start`.
        while i > lines.startIndex && lines[i - 1].timestamp >= start { i -= 1 }
        var lastTime = start
        let first = i < lines.endIndex ? lines[i].timestamp : start
        for line in lines[i...] {
            guard case .input(let e) = line else { lastTime = line.timestamp; continue }
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
}
