import Geometry
import Gestures
import Scenes

/// The fuzzer's random input: pointer, wheel, keys, focus, resizes, pastes and parameter
/// extremes, each delivered to the session as the window (or a script's paste line) delivers it.
extension SceneFuzzer {
    /// Describes the next event through ``Configuration/trace`` when it is on.
    func note(_ what: @autoclosure () -> String) {
        guard let trace = configuration.trace, report.events >= configuration.traceFrom else { return }
        trace("\(report.events) t=\(fixed(clock, decimals: 4)) \(what())")
    }

    /// Delivers `input` to the session, as the window does, then checks. `counted` false: input
    /// a rest check sends (releases, a keyboard drop), which is not one of the run's events.
    func deliver(_ input: InputEvent, counted: Bool = true) {
        note("\(input)")
        beginStep()
        session.now = clock
        session.dispatch(input)
        framesOwed = true
        if counted { countEvent() }
        endStep()
        checkAfterEvent()
    }

    /// Counts an event (input, a resize, a parameter change).
    func countEvent() {
        eventsInEpisode += 1
        report.events += 1
        report.eventsPerScene[session.scene.kind, default: 0] += 1
    }

    /// One random event, after a random gap.
    func randomEvent() {
        pass(randomGap())
        let t = clock
        switch random.int(100) {
        case 0..<26: // move: near the pointer while a button is held, anywhere otherwise
            let p = buttonsDown.isEmpty || random.chance(0.2) ? randomPoint() : nearby(pointer)
            pointer = p
            deliver(.pointer(.moved(p, at: t, button: buttonsDown.first ?? .left)))
        case 26..<36: // press
            let button: PointerButton = random.chance(0.85) ? .left : random.chance(0.5) ? .right : .middle
            pointer = random.chance(0.6) ? cellPoint() ?? randomPoint() : randomPoint()
            if !buttonsDown.contains(button) { buttonsDown.append(button) }
            deliver(.pointer(.down(pointer, at: t, button: button)))
        case 36..<46: // release (now and then one with no press, or far away)
            let button = buttonsDown.isEmpty ? .left : buttonsDown[random.int(buttonsDown.count)]
            if random.chance(0.2) { pointer = randomPoint() }
            buttonsDown.removeAll { $0 == button }
            deliver(.pointer(.up(pointer, at: t, button: button)))
        case 46..<48: // the system cancels the sequence
            let button = buttonsDown.isEmpty ? .left : buttonsDown[random.int(buttonsDown.count)]
            buttonsDown.removeAll { $0 == button }
            deliver(.pointer(.cancelled(pointer, at: t, button: button)))
        case 48..<58: // a wheel burst
            let at = random.chance(0.8) ? pointer : randomPoint()
            let scale = [0.1, 1, 3, 50, 1000][random.int(5)]
            let unit: ScrollEvent.Unit = random.chance(0.7) ? .lines : .points
            let mods: KeyModifiers = random.chance(0.1) ? .shift : []
            for _ in 0..<min(1 + random.int(8), episode.events - eventsInEpisode) where report.failure == nil {
                let d = Vector(dx: random.chance(0.2) ? (random.unit() * 2 - 1) * scale : 0, dy: (random.unit() * 2 - 1) * scale)
                deliver(.scroll(ScrollEvent(location: at, delta: d, unit: unit, timestamp: clock, modifiers: mods)))
                pass(random.unit() * 0.02)
            }
        case 58..<72: // a key the scene or the lab uses
            deliver(.key(KeyEvent(.down, key: randomKey(), modifiers: random.chance(0.3) ? .shift : [], timestamp: t,
                                  isRepeat: random.chance(0.1))))
        case 72..<74:
            deliver(.key(KeyEvent(.up, key: randomKey(), timestamp: t)))
        case 74..<78: deliver(.key(KeyEvent(.down, key: "escape", timestamp: t)))
        case 78..<80: deliver(.focusLost(timestamp: t))
        case 80..<82: deliver(.pointerExited(timestamp: t))
        case 82..<85: // resize, down to the minimum and back
            size = random.chance(0.3) ? Size(width: 640, height: 480)
                 : random.chance(0.5) ? episode.size
                 : Size(width: 640 + Double(random.int(1920)), height: 480 + Double(random.int(1120)))
            note("resize to \(size)")
            beginStep()
            session.resize(to: size)
            noteContent()
            framesOwed = true
            countEvent()
            endStep()
            checkAfterEvent()
        case 85..<92: // a parameter anywhere, at its bounds, or far outside them
            let scene = session.scene(ofHalf: random.int(2))
            guard wild, let p = scene.parameters.randomElement(using: &random) else { return }
            let span = p.range.upperBound - p.range.lowerBound
            let values = [p.range.lowerBound, p.range.upperBound, p.range.lowerBound + random.unit() * span,
                          -1e9, 1e9, -Double.infinity, .infinity, .nan, p.defaultValue]
            let value = values[random.int(values.count)]
            note("set \(p.name) to \(value)")
            beginStep()
            scene.setParameter(p.name, to: value)
            noteSegment()
            framesOwed = true
            countEvent()
            endStep()
            checkAfterEvent()
        case 92..<93: // a paste: code for a spring or curve, valid, extreme or mangled
            paste(snippets.next(), at: t)
        case 93..<96: // hold still: long presses begin, animations run
            pass(0.1 + random.unit() * 0.5)
        default: // a burst of small moves, as a mouse sends them (and the moves of a drag)
            for _ in 0..<min(2 + random.int(10), episode.events - eventsInEpisode) where report.failure == nil {
                pointer = Point(x: pointer.x + (random.unit() * 2 - 1) * 6, y: pointer.y + (random.unit() * 2 - 1) * 6)
                deliver(.pointer(.moved(pointer, at: clock, button: buttonsDown.first ?? .left)))
                pass(random.unit() * 0.008)
            }
        }
    }

    /// Pastes `text` as a script's `{"type": "paste", "text": …}` line does (``LabSession/paste(_:)``,
    /// which ``LabSession/deliver(_:)`` calls for it, as Ctrl+V's import goes), then checks.
    func paste(_ text: String, at t: Double) {
        note("paste \(String(text.prefix(120)).debugDescription)\(text.count > 120 ? " (\(text.utf8.count) bytes)" : "")")
        beginStep()
        session.now = t
        // The session's own reading says whether it was read: the text is parsed once.
        let read = session.paste(text)
        report.pastes += 1
        if read { report.pastesRead += 1 }
        noteSegment()
        framesOwed = true
        countEvent()
        endStep()
        checkAfterEvent()
    }

    /// The largest content area so far follows the halves' frames.
    func noteContent() {
        for f in session.halfFrames {
            largestContent = Size(width: max(largestContent.width, f.width), height: max(largestContent.height, f.height))
        }
    }

    /// Remembers the longest exchange segment in use (it bounds how long a rest may take).
    func noteSegment() {
        for p in probes { longestSegment = max(longestSegment, p.segmentDuration) }
    }

    func randomKey() -> String {
        let keys = ["escape", "space", "left", "right", "up", "down", "tab", "return", "0", "z", "s", ".", "h", "g", "b",
                    "[", "]", "e", "p", "1", "2", "3", "4", "5", "q", "x"]
            + (wild ? session.scene.rowParameters.map(\.key) : [])
            // A scene file's run comes back to the file's scene (6) more often than it leaves it.
            + (configuration.sceneFile != nil ? Array(repeating: "6", count: 8) : [])
        return keys[random.int(keys.count)]
    }

    /// Anywhere: mostly in the content, sometimes on the title line or HUD, sometimes outside the
    /// window (just beyond an edge, or absurdly far).
    func randomPoint() -> Point {
        let r = random.unit()
        let halves = session.halfFrames
        let content = halves[random.int(halves.count)]
        if r < 0.8 {
            return Point(x: content.minX + random.unit() * content.width, y: content.minY + random.unit() * content.height)
        }
        if r < 0.9 { return Point(x: random.unit() * size.width, y: random.unit() * size.height) }
        if r < 0.97 {
            return Point(x: -200 + random.unit() * (size.width + 400), y: -200 + random.unit() * (size.height + 400))
        }
        let far = [-1e9, -1e6, -5000, 5000, 1e6, 1e9]
        return Point(x: far[random.int(far.count)], y: far[random.int(far.count)])
    }

    /// A few points from `p`, or across the window now and then.
    func nearby(_ p: Point) -> Point {
        let reach = random.chance(0.8) ? 12.0 : 200
        return Point(x: p.x + (random.unit() * 2 - 1) * reach, y: p.y + (random.unit() * 2 - 1) * reach)
    }

    /// The centre of a visible cell of either half (in window points), a little off, or nil without cells.
    /// In a scene without a collection view (dynamics), the centre of one of its items.
    func cellPoint() -> Point? {
        let probe = probes[random.int(probes.count)]
        if probe.collectionView == nil {
            let frames = probe.itemFrames
            guard !frames.isEmpty else { return nil }
            let c = frames[random.int(frames.count)].center
            return Point(x: c.x + (random.unit() * 2 - 1) * 30, y: c.y + (random.unit() * 2 - 1) * 30)
        }
        // By index path: the visible cells come in a dictionary's order, which differs between processes.
        guard let cv = probe.collectionView, cv.visibleCellCount > 0 else { return nil }
        let items = cv.indexPathsForVisibleItems
        guard let cell = cv.cellForItem(at: items[random.int(items.count)]) else { return nil }
        let c = cv.convert(cell.center, to: nil)
        return Point(x: c.x + (random.unit() * 2 - 1) * 8, y: c.y + (random.unit() * 2 - 1) * 8)
    }
}
