import Geometry
import Gestures
import Scenes
import Animation
import Drawing

/// Random input for every scene, reproducible by seed, with the scenes' invariants checked after
/// every event (issue 16). The run is a series of episodes, each a new ``LabSession`` (the lab
/// itself, as the window and headless runs drive it) opened on one scene (drag, springy, cards,
/// exchange and dynamics in turn) in a random variant, window size, item count (for dynamics, a
/// random demo) and frame rate, driven the
/// way the window drives it: input at its own timestamps, a frame per refresh interval while the
/// session needs one (or right after input), none while idle.
///
/// The input: pointer presses (any button, on cells or anywhere, inside or far outside the
/// window), moves (single or in bursts) and releases, system cancels, wheel bursts in lines and
/// points, every key (the scene's, Escape, and the lab's own: reset, variant, pause, slow motion,
/// single step, the HUD's Tab, the A/B compare and its half keys, scene switches, export, help,
/// debug and screenshot requests; key-ups and repeats), focus loss, the pointer leaving, window
/// resizes down to the minimum (640×480) and back, gaps from a fraction of a millisecond to
/// seconds and frame spikes up to the clock's 0.25 s catch-up cap. In the last two fifths of an
/// episode also parameter extremes: the hotkeys with and without Shift, and values at the bounds,
/// far outside them, infinite and NaN. Pastes (Ctrl+V's import, delivered as a script's `paste`
/// line is): code for a spring or curve in every platform's dialect, valid, extreme or mangled
/// (``MotionSnippets``). No Ctrl key: those write files (save, record) or quit.
///
/// Checked after every event, for each half: its scene's own invariants (``Scenes/SceneProbe``:
/// the exchange line-up is a permutation of the original and a cancel restores it, the visible
/// cells stay under a bound set by the content area, the content offset is finite). Every
/// ``Configuration/dumpInterval`` events, and at every rest check: no NaN or infinity in any
/// presented value (the session's dump: items and dynamic items), and no item lost
/// (``lostDistance``). Every 200–2000 events, before the parameter extremes begin and at the end
/// of an episode, a rest check (``restCheck()``): input stops, and within 5 simulated seconds no
/// gesture or transaction is in progress, memory is where it started and, with the parameters at
/// their defaults, the scene is at rest: it needs no frame and its animators are paused. When an
/// episode ends, its session, every scene it opened and their windows must be released (no
/// reference cycle keeps one alive).
///
/// Every frame is drawn into a display list, as the app draws it (no pixels).
///
/// Nothing here reads a clock: time is simulated, and the caller times the run.
package final class SceneFuzzer {
    /// What to run.
    package struct Configuration: Sendable {
        /// The seed; the same seed and event count replay the same run exactly.
        package var seed: UInt64
        /// Input events to deliver (pointer, wheel, key, focus, resize and parameter events).
        package var events: Int
        /// The scenes to open, in turn. Default all five.
        package var kinds: [SceneKind] = SceneKind.builtIn
        /// A full dump and finiteness check every this many events (the cheap checks run after
        /// every event).
        package var dumpInterval = 16
        /// Called with a line per event from event ``traceFrom`` on (to see what led to a failure).
        package var trace: (@Sendable (String) -> Void)?
        /// The first event ``trace`` describes (0-based).
        package var traceFrom = 0
        /// Makes each scene the episode's session opens instead of the scene catalog (tests give
        /// the fuzzer a broken scene to see that it notices). Default nil.
        package var makeScene: (@Sendable (Episode) -> any Scene)?
        /// A run of `events` events from `seed`.
        package init(seed: UInt64, events: Int) { self.seed = seed; self.events = events }
    }

    /// The outcome of a run.
    package struct Report: Sendable {
        package var seed: UInt64
        /// Events delivered: exactly the configuration's count, unless an invariant broke (the
        /// rest checks' own releases and keyboard drops are not counted).
        package var events = 0
        /// Pastes among them (generated code, delivered as a script's paste line).
        package var pastes = 0
        /// Pastes whose text the reader read as a spring or curve (it refused the others, with a notice).
        package var pastesRead = 0
        /// Frames run (``LabSession/step(realDt:)`` calls).
        package var frames = 0
        /// Simulated seconds over all episodes.
        package var simulatedSeconds = 0.0
        package var episodes = 0
        /// Rest checks passed.
        package var restChecks = 0
        /// Full dumps checked for non-finite values.
        package var dumps = 0
        /// Exchange transactions that finished (a drop) and that were cancelled.
        package var transactionsFinished = 0
        package var transactionsCancelled = 0
        /// The most cells visible at once after an event.
        package var mostVisibleCells = 0
        /// The longest a scene took to come to rest after input stopped (parameters at their
        /// defaults), simulated seconds, and which scene and variant it was.
        package var longestRest = 0.0
        package var longestRestScene = ""
        /// Rest checks that found a seed drag flock still swinging after ``SceneFuzzer/swingingFlockAllowance``.
        package var swingingFlocks = 0
        /// Events per scene (the scene open in A when the event came).
        package var eventsPerScene: [SceneKind: Int] = [:]
        /// The first broken invariant (with the seed, event and episode), or nil.
        package var failure: String?
        /// An empty report of the run from `seed`.
        package init(seed: UInt64) { self.seed = seed }
    }

    /// One episode's setting, chosen from the seed.
    package struct Episode: Sendable, CustomStringConvertible {
        package var index: Int
        /// The scene the session opens with.
        package var kind: SceneKind
        package var variant: SceneVariant
        /// The window's size, points.
        package var size: Size
        /// Cells for drag and springy; names for exchange (0: the sample line-up); cards for cards;
        /// the demo's number for dynamics.
        package var items: Int
        /// The display's refresh interval, seconds.
        package var frameInterval: Double
        /// Events the episode delivers.
        package var events: Int
        package var description: String {
            let what = kind == .dynamics ? "demo \(DynamicsScene.demoNames[items % DynamicsScene.demoNames.count])" : "\(items) items"
            return "episode \(index + 1): \(kind.name) \(variant.rawValue) \(Int(size.width))x\(Int(size.height)), \(what), \(Int((1 / frameInterval).rounded())) Hz"
        }
    }

    /// Window points beyond which an item counts as lost: far past anywhere the pointer can be
    /// (``Views/Window/maximumPointerDistance``) or a spring can throw an item.
    package static let lostDistance = 1e7

    /// How long a rest check waits for a seed drag flock (``Scenes/SceneProbe/swingingFlockAllowance``).
    package static let swingingFlockAllowance = SceneProbe.swingingFlockAllowance

    package let configuration: Configuration
    var random: SeededRandom
    /// The pasted code, from its own stream (seeded by the run's seed).
    var snippets: MotionSnippets
    var report: Report

    // The episode in progress.
    var session: LabSession!
    var episode: Episode!
    /// The probes of the scenes open in A and B (a new one whenever a half opens a new scene).
    var probes: [SceneProbe] = []
    /// Every scene the episode opened, with its window, collection view and layout, weakly: each
    /// must be gone when it ends.
    var opened: [Weak] = []
    var size = Size(width: 1280, height: 800)
    /// The largest content area of the episode (the bounds of cells and springs follow it).
    var largestContent = Size(width: 0, height: 0)
    /// The halves' content frames the last frame laid out (cells change only in a frame, so right
    /// after a resize the visible cells are still those of these frames).
    var laidOutFrames: [Rect] = []
    /// The session's clock: the time of the last frame, and of the last event.
    var now = 0.0
    var clock = 0.0
    var framesOwed = false
    /// The list each frame draws into (kept, so its storage is reused).
    var displayList = DisplayList()
    var pointer = Point(x: 100, y: 100)
    /// The buttons held, in the order pressed (an array: a Set's order changes from process to
    /// process, and the run must replay).
    var buttonsDown: [PointerButton] = []
    var eventsInEpisode = 0
    var nextRestCheck = 0
    /// The episode's second part, where parameters go to extremes (see ``restCheck()``).
    var wild = false
    /// The longest exchange segment used since the last rest check (segments started with it
    /// keep running after the reset).
    var longestSegment = 0.0

    /// A weak reference (to a scene or window the episode opened).
    struct Weak { weak var object: AnyObject? }

    /// A fuzzer for `configuration`.
    package init(_ configuration: Configuration) {
        self.configuration = configuration
        random = SeededRandom(seed: configuration.seed)
        // Few huge pastes: each is kept in the session's log, as a recording keeps it.
        snippets = MotionSnippets(seed: configuration.seed ^ 0x9A57_E000_0000_0001, hugeChance: 0.002)
        report = Report(seed: configuration.seed)
    }

    /// Runs every episode until the events are delivered or an invariant breaks; `progress` is
    /// called after each episode with the report so far.
    package func run(progress: ((Episode, Report) -> Void)? = nil) -> Report {
        let total = configuration.events
        let kinds = configuration.kinds.isEmpty ? SceneKind.builtIn : configuration.kinds
        // Episodes long enough for memory to show a trend, short enough that a small run still
        // visits every scene twice.
        let typical = min(25_000, max(250, total / (2 * kinds.count)))
        var index = 0
        while report.events < total && report.failure == nil {
            let length = min(total - report.events, typical / 2 + random.int(typical + 1))
            let e = makeEpisode(index: index, kind: kinds[index % kinds.count], events: length)
            note("\(e)")
            runEpisode(e)
            report.episodes += 1
            progress?(e, report)
            index += 1
        }
        return report
    }

    // MARK: Episodes

    private func makeEpisode(index: Int, kind: SceneKind, events: Int) -> Episode {
        let sizes = [Size(width: 1280, height: 800), Size(width: 640, height: 480), Size(width: 1920, height: 1080),
                     Size(width: 640 + Double(random.int(1300)), height: 480 + Double(random.int(800)))]
        let items = kind.randomItemCount(&random)
        let rates = [60.0, 60, 60, 60, 60, 60, 30, 120, 144, 240]
        return Episode(index: index, kind: kind, variant: random.chance(0.5) ? .seed : .refined,
                       size: sizes[random.int(sizes.count)], items: items,
                       frameInterval: 1 / rates[random.int(rates.count)], events: events)
    }

    /// The session of episode `e`: headless, silent, its scene in `e`'s variant with `e`'s items.
    private func makeSession(_ e: Episode) -> LabSession {
        var c = LabConfiguration()
        c.scene = e.kind
        c.variant = e.variant
        c.headless = true
        (c.items, c.exchangeModel, c.demo) = e.kind.fuzzStart(items: e.items, &random)
        if let make = configuration.makeScene { c.makeScene = { _, _, _ in make(e) } }
        // No files to read: the configuration names none.
        let session = try! LabSession(c, services: .silent)
        session.open(size: e.size, frameRate: 1 / e.frameInterval, textMeasurer: EstimatedTextMeasurer.shared)
        return session
    }

    private func runEpisode(_ e: Episode) {
        episode = e
        now = 0; clock = 0; framesOwed = true
        buttonsDown = []; eventsInEpisode = 0; longestSegment = 0; wild = false
        size = e.size
        probes = []; opened = []
        weak var released: LabSession?
        do {
            let s = makeSession(e)
            session = s
            released = s
            s.step(realDt: 0)
            laidOutFrames = s.halfFrames
            largestContent = contentArea
            updateProbes()
            scheduleRestCheck()
            let tameEvents = e.events * 3 / 5
            while eventsInEpisode < e.events && report.failure == nil {
                if !wild && eventsInEpisode >= tameEvents {
                    restCheck()
                    wild = true
                    scheduleRestCheck()
                }
                randomEvent()
                if eventsInEpisode >= nextRestCheck && report.failure == nil {
                    restCheck()
                    scheduleRestCheck()
                }
            }
            if report.failure == nil { restCheck() }
            report.simulatedSeconds += now
            for p in probes {
                report.transactionsFinished += p.transactionsFinished
                report.transactionsCancelled += p.transactionsCancelled
            }
            probes = []
            session = nil
        }
        if report.failure == nil && (released != nil || opened.contains { $0.object != nil }) {
            fail("the session, a scene, or a scene's window, collection view or layout is still alive after its episode ended: "
                 + "a reference cycle keeps it")
        }
    }

    func scheduleRestCheck() { nextRestCheck = eventsInEpisode + 200 + random.int(1800) }

    /// A probe for each half's scene: kept while the half shows the same scene, new (with the old
    /// one's counts added to the report) when a scene switch or a compare opened another.
    func updateProbes() {
        let scenes = [session.scene] + (session.compareHalf.map { [$0.scene] } ?? [])
        guard probes.count != scenes.count || zip(probes, scenes).contains(where: { $0.scene !== $1 }) else { return }
        var kept: [SceneProbe] = []
        for scene in scenes {
            if let p = probes.first(where: { $0.scene === scene }) { kept.append(p); continue }
            let probe = SceneProbe(scene)
            kept.append(probe)
            opened.append(Weak(object: scene))
            if let w = probe.window { opened.append(Weak(object: w)) }
            if let cv = probe.collectionView { opened += [Weak(object: cv), Weak(object: cv.collectionViewLayout)] }
        }
        for p in probes where !kept.contains(where: { $0 === p }) {
            report.transactionsFinished += p.transactionsFinished
            report.transactionsCancelled += p.transactionsCancelled
        }
        probes = kept
    }

    /// The content area the cell bounds follow: the largest of the halves' frames now and at the
    /// last frame.
    var contentArea: Size {
        var w = 0.0, h = 0.0
        for f in session.halfFrames + laidOutFrames { w = max(w, f.width); h = max(h, f.height) }
        return Size(width: w, height: h)
    }

    // MARK: Time

    /// Lets `gap` seconds pass before the next event: frames every refresh interval while the
    /// session needs them (or input is waiting to be shown), none while it is idle (the window
    /// sleeps until input). Now and then a frame is a spike of up to 0.25 s (the clock's catch-up cap).
    func pass(_ gap: Double) {
        let target = clock + gap
        while report.failure == nil {
            var interval = episode.frameInterval
            if random.chance(0.004) { interval = min(0.25, interval * Double(2 + random.int(15))) }
            guard now + interval <= target else { break }
            guard framesOwed || session.scenesNeedFrame || session.requestPending else {
                now = target // idle: the next frame comes with the next event
                break
            }
            frame(interval: interval)
        }
        clock = target
    }

    /// One frame, as the window runs it: time, update, and the scenes drawn into a display list
    /// (debug builds check there that rasterized layers and retained cell drawing changed only
    /// when announced). A screenshot request is taken, as the window takes it.
    func frame(interval: Double) {
        beginStep()
        now += interval
        session.now = now
        session.step(realDt: interval)
        displayList.removeAll()
        session.drawScenes(into: &displayList)
        session.overlay.pendingScreenshot = false
        laidOutFrames = session.halfFrames
        framesOwed = false
        report.frames += 1
        endStep()
    }

    /// A gap before an event: mostly the spacing of mouse events (under a millisecond, as a
    /// 1000 Hz mouse sends them, to 10 ms), sometimes a pause (to a fifth of a second), rarely
    /// a second or several.
    func randomGap() -> Double {
        let r = random.unit()
        if r < 0.40 { return random.unit() * 0.001 }
        if r < 0.85 { return 0.001 + random.unit() * 0.009 }
        if r < 0.97 { return 0.01 + random.unit() * 0.19 }
        if r < 0.995 { return 0.2 + random.unit() * 0.8 }
        return 1 + random.unit() * 3
    }
}
