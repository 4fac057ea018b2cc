import Geometry
import Gestures
import Layout
import Views
import Animation
import Drawing

/// Random input for every scene, reproducible by seed, with the scenes' invariants checked after
/// every event (issue 16). The run is a series of episodes, each a new scene (drag, springy, cards
/// and exchange in turn) in a random variant, window size, content frame, item count and frame
/// rate, driven the way the app drives it: input at its own timestamps, a frame per refresh
/// interval while ``Scene/needsFrame`` (or right after input), none while idle.
///
/// The input: pointer presses (any button, on cells or anywhere, inside or far outside the
/// window), moves (single or in bursts) and releases, system cancels, wheel bursts in lines and
/// points, every key (the scene's, Escape, the app's keys that reach the scene: reset, variant,
/// pause, slow motion, single step; key-ups and repeats), focus loss, the pointer leaving,
/// window resizes down to the minimum (640×480) and back with the content frame beside a
/// docked, collapsed or absent HUD or in one compare half, gaps from a fraction of a millisecond
/// to seconds and frame spikes up to the app's 0.25 s catch-up cap. In the last two fifths of
/// an episode also parameter extremes: the hotkeys with and without Shift, and values at the
/// bounds, far outside them, infinite and NaN.
///
/// Checked after every event: the exchange line-up is a permutation of the original, and after a
/// cancel it is the line-up from before the transaction; the visible cells stay under a bound
/// set by the content area; the content offset is finite. Every ``Configuration/dumpInterval``
/// events, and at every rest check: no NaN or infinity in any presented value (the dump's items
/// and dynamic items), and no item lost (``lostDistance``). Every 200–2000 events, before the
/// parameter extremes begin and at the end of an episode, a rest check (``restCheck()``): input
/// stops, and within 5 simulated seconds no gesture or transaction is in progress, memory is
/// where it started (the window's steppers and root views as at the start; cells, visible plus
/// reusable, springs and behaviors under the bound of the episode's largest window) and, with
/// the parameters at their defaults, the scene is at rest: it needs no frame and its animators
/// are paused. When an episode ends, its scene and window must be released (no reference cycle
/// keeps a scene alive).
///
/// Every frame is drawn into a display list, as the app draws it (no pixels).
///
/// Nothing here reads a clock: time is simulated, and the caller times the run.
public final class SceneFuzzer {
    /// What to run.
    public struct Configuration: Sendable {
        /// The seed; the same seed and event count replay the same run exactly.
        public var seed: UInt64
        /// Input events to deliver (pointer, wheel, key, focus, resize and parameter events).
        public var events: Int
        /// The scenes to drive, in turn. Default all four.
        public var kinds: [SceneKind] = SceneKind.allCases
        /// A full dump and finiteness check every this many events (the cheap checks run after
        /// every event).
        public var dumpInterval = 16
        /// Called with a line per event from event ``traceFrom`` on (to see what led to a failure).
        public var trace: (@Sendable (String) -> Void)?
        /// The first event ``trace`` describes (0-based).
        public var traceFrom = 0
        /// Makes each episode's scene instead of the four scenes (tests give the fuzzer a broken
        /// scene to see that it notices). Default nil.
        public var makeScene: (@Sendable (Episode) -> any Scene)?
        public init(seed: UInt64, events: Int) { self.seed = seed; self.events = events }
    }

    /// The outcome of a run.
    public struct Report: Sendable {
        public var seed: UInt64
        /// Events delivered.
        public var events = 0
        /// Frames run (`Scene.update` calls).
        public var frames = 0
        /// Simulated seconds over all episodes.
        public var simulatedSeconds = 0.0
        public var episodes = 0
        /// Rest checks passed.
        public var restChecks = 0
        /// Full dumps checked for non-finite values.
        public var dumps = 0
        /// Exchange transactions that finished (a drop) and that were cancelled.
        public var transactionsFinished = 0
        public var transactionsCancelled = 0
        /// The most cells visible at once after an event.
        public var mostVisibleCells = 0
        /// The longest a scene took to come to rest after input stopped (parameters at their
        /// defaults), simulated seconds, and which scene and variant it was.
        public var longestRest = 0.0
        public var longestRestScene = ""
        /// Rest checks that found a seed drag flock still swinging after ``SceneFuzzer/swingingFlockAllowance``.
        public var swingingFlocks = 0
        /// Events per scene.
        public var eventsPerScene: [SceneKind: Int] = [:]
        /// The first broken invariant (with the seed, event and episode), or nil.
        public var failure: String?
        public init(seed: UInt64) { self.seed = seed }
    }

    /// One episode's setting, chosen from the seed.
    public struct Episode: Sendable, CustomStringConvertible {
        public var index: Int
        public var kind: SceneKind
        public var variant: SceneVariant
        public var size: Size
        /// Cells for drag and springy; names for exchange; cards for cards.
        public var items: Int
        /// The app's refresh interval, seconds.
        public var frameInterval: Double
        /// Events the episode delivers.
        public var events: Int
        public var description: String {
            "episode \(index + 1): \(kind.name) \(variant.rawValue) \(Int(size.width))x\(Int(size.height)), \(items) items, \(Int((1 / frameInterval).rounded())) Hz"
        }
    }

    public let configuration: Configuration
    private var random: SeededRandom
    private var report: Report

    // The episode in progress.
    private var scene: (any Scene)!
    private var episode: Episode!
    private var size = Size(width: 1280, height: 800)
    private var content = Rect(x: 0, y: 30, width: 1280, height: 770)
    /// The largest content area of the episode (the bounds of cells and springs follow it).
    private var largestContent = Size(width: 0, height: 0)
    /// The content area the last frame laid out (cells change only in a frame, so right after a
    /// resize the visible cells are still those of this area).
    private var laidOutContent = Size(width: 0, height: 0)
    /// App clock: the time of the last frame, and of the last event.
    private var now = 0.0
    private var clock = 0.0
    private var framesOwed = false
    /// The list each frame draws into (kept, so its storage is reused).
    private var displayList = DisplayList()
    private var paused = false
    private var slowMotion = false
    private var pointer = Point(x: 100, y: 100)
    /// The buttons held, in the order pressed (an array: a Set's order changes from process to
    /// process, and the run must replay).
    private var buttonsDown: [PointerButton] = []
    private var eventsInEpisode = 0
    private var nextRestCheck = 0
    /// The episode's second part, where parameters go to extremes (see ``restCheck()``).
    private var wild = false
    /// The longest exchange segment used since the last rest check (segments started with it
    /// keep running after the reset).
    private var longestSegment = 0.0
    // Baselines for "memory flat".
    private var baseSteppers = 0
    private var baseRootViews = 0

    // Exchange bookkeeping.
    private var originalNames: [String] = []
    private var wasInTransaction = false
    private var modelBeforeStep: ExchangeModel?
    private var modelAtTransactionStart: ExchangeModel?
    private var finishedInStep = false

    /// A fuzzer for `configuration`.
    public init(_ configuration: Configuration) {
        self.configuration = configuration
        random = SeededRandom(seed: configuration.seed)
        report = Report(seed: configuration.seed)
    }

    /// Runs every episode until the events are delivered or an invariant breaks; `progress` is
    /// called after each episode with the report so far.
    public func run(progress: ((Episode, Report) -> Void)? = nil) -> Report {
        let total = configuration.events
        let kinds = configuration.kinds.isEmpty ? SceneKind.allCases : configuration.kinds
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
        let items: Int
        switch kind {
        case .drag: items = [1, 2, 60, 1000, 1000, 3000][random.int(6)]
        case .springy: items = [1, 3, 1000, 1000, 100_000, 1_000_000][random.int(6)]
        case .cards: items = random.chance(0.7) ? City.samples.count : 1 + random.int(City.samples.count)
        case .exchange: items = random.chance(0.5) ? 0 : 1 + random.int(60) // 0: the sample line-up
        }
        let rates = [60.0, 60, 60, 60, 60, 60, 30, 120, 144, 240]
        return Episode(index: index, kind: kind, variant: random.chance(0.5) ? .seed : .refined,
                       size: sizes[random.int(sizes.count)], items: items,
                       frameInterval: 1 / rates[random.int(rates.count)], events: events)
    }

    private func makeScene(_ e: Episode) -> any Scene {
        if let make = configuration.makeScene { return make(e) }
        switch e.kind {
        case .drag: return DragScene(items: e.items, size: e.size)
        case .springy: return SpringyScene(items: e.items, size: e.size)
        case .cards: return CardsScene(cities: Array(City.samples.prefix(e.items)), size: e.size)
        case .exchange:
            let model = e.items == 0 ? ExchangeModel.sample : randomModel(names: e.items)
            let s = ExchangeScene(model: model, size: e.size)
            s.onTransactionFinished = { [unowned self, unowned s] model in
                self.report.transactionsFinished += 1
                self.finishedInStep = true
                if model != s.model { self.fail("the finished transaction reported a line-up that is not the scene's") }
            }
            return s
        }
    }

    /// `names` unique names in 1 to 5 sections (some may be empty), a few of them locked.
    private func randomModel(names: Int) -> ExchangeModel {
        let sectionCount = 1 + random.int(5)
        var sections = Array(repeating: [String](), count: sectionCount)
        for i in 0..<names { sections[random.int(sectionCount)].append("N\(i)") }
        if sections.allSatisfy(\.isEmpty) { sections[0].append("N0") }
        let all = sections.flatMap { $0 }
        let locked = Set((0..<random.int(4)).map { _ in all[random.int(all.count)] })
        return try! ExchangeModel(sections: sections, locked: locked)
    }

    private func runEpisode(_ e: Episode) {
        episode = e
        now = 0; clock = 0; framesOwed = true; paused = false; slowMotion = false
        buttonsDown = []; eventsInEpisode = 0; longestSegment = 0; wild = false
        size = e.size
        content = contentFrame(for: size)
        largestContent = content.size
        weak var released: AnyObject?
        weak var releasedWindow: Window?
        do {
            let s = makeScene(e)
            s.variant = e.variant
            s.resize(to: size, contentFrame: content)
            scene = s
            released = s
            releasedWindow = window
            s.update(time: 0, dt: 0)
            laidOutContent = content.size
            baseSteppers = window?.steppers.count ?? 0
            baseRootViews = window?.rootView.subviews.count ?? 0
            if let x = s as? ExchangeScene {
                originalNames = x.model.sections.flatMap { $0 }.sorted()
                wasInTransaction = false
                modelAtTransactionStart = nil
            }
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
            scene = nil
        }
        if report.failure == nil && (released != nil || releasedWindow != nil) {
            fail("the scene (or its window) is still alive after its episode ended: a reference cycle keeps it")
        }
    }

    private func scheduleRestCheck() { nextRestCheck = eventsInEpisode + 200 + random.int(1800) }

    /// Below the title line; beside a docked HUD (300 pt), a collapsed one (28 pt) or none; or in
    /// one half of a compare.
    private func contentFrame(for size: Size) -> Rect {
        let full = Rect(x: 0, y: 30, width: size.width, height: max(0, size.height - 30))
        switch random.int(5) {
        case 0, 1: return full
        case 2: return Rect(x: 0, y: 30, width: max(0, size.width - 300), height: full.height)
        case 3: return Rect(x: 0, y: 30, width: max(0, size.width - 28), height: full.height)
        default:
            let half = (size.width - 28) / 2
            return random.chance(0.5) ? Rect(x: 0, y: 30, width: half, height: full.height)
                                      : Rect(x: half, y: 30, width: half, height: full.height)
        }
    }

    // MARK: Time

    /// Lets `gap` seconds pass before the next event: frames every refresh interval while the
    /// scene needs them (or input is waiting to be shown), none while it is idle (the app sleeps
    /// until input). Now and then a frame is a spike of up to 0.25 s (the app's catch-up cap).
    private func pass(_ gap: Double) {
        let target = clock + gap
        while report.failure == nil {
            var interval = episode.frameInterval
            if random.chance(0.004) { interval = min(0.25, interval * Double(2 + random.int(15))) }
            guard now + interval <= target else { break }
            guard framesOwed || scene.needsFrame else {
                now = target // idle: the next frame comes with the next event
                break
            }
            frame(interval: interval)
        }
        clock = target
    }

    private func frame(interval: Double) {
        beginStep()
        now += interval
        let dt = paused ? 0 : slowMotion ? interval * 0.1 : interval
        scene.update(time: now, dt: dt)
        // Each frame's display list, as the app draws it (debug builds check there that
        // rasterized layers and retained cell drawing changed only when announced).
        displayList.removeAll()
        scene.draw(into: &displayList)
        laidOutContent = content.size
        framesOwed = false
        report.frames += 1
        endStep()
    }

    /// A gap before an event: mostly the spacing of mouse events (under a millisecond, as a
    /// 1000 Hz mouse sends them, to 10 ms), sometimes a pause (to a fifth of a second), rarely
    /// a second or several.
    private func randomGap() -> Double {
        let r = random.unit()
        if r < 0.40 { return random.unit() * 0.001 }
        if r < 0.85 { return 0.001 + random.unit() * 0.009 }
        if r < 0.97 { return 0.01 + random.unit() * 0.19 }
        if r < 0.995 { return 0.2 + random.unit() * 0.8 }
        return 1 + random.unit() * 3
    }

    // MARK: Events

    /// Describes the next event through ``Configuration/trace`` when it is on.
    private func note(_ what: @autoclosure () -> String) {
        guard let trace = configuration.trace, report.events >= configuration.traceFrom else { return }
        trace("\(report.events) t=\(fixed(clock, decimals: 4)) \(what())")
    }

    private func deliver(_ input: InputEvent) {
        note("\(input)")
        beginStep()
        let used = scene.handle(input)
        if case .key(let k) = input, !used, k.phase == .down { appKey(k) }
        framesOwed = true
        eventsInEpisode += 1
        report.events += 1
        report.eventsPerScene[episode.kind, default: 0] += 1
        endStep()
        checkAfterEvent()
    }

    /// One random event, after a random gap.
    private func randomEvent() {
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
        case 58..<72: // a key the scene or the app uses
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
            content = contentFrame(for: size)
            largestContent = Size(width: max(largestContent.width, content.width), height: max(largestContent.height, content.height))
            note("resize to \(size), content \(content)")
            beginStep()
            scene.resize(to: size, contentFrame: content)
            framesOwed = true
            countEvent()
            endStep()
            checkAfterEvent()
        case 85..<92: // a parameter anywhere, at its bounds, or far outside them
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
        case 92..<96: // hold still: long presses begin, animations run
            pass(0.1 + random.unit() * 0.5)
        default: // a burst of small moves, as a mouse sends them (and the moves of a drag)
            for _ in 0..<min(2 + random.int(10), episode.events - eventsInEpisode) where report.failure == nil {
                pointer = Point(x: pointer.x + (random.unit() * 2 - 1) * 6, y: pointer.y + (random.unit() * 2 - 1) * 6)
                deliver(.pointer(.moved(pointer, at: clock, button: buttonsDown.first ?? .left)))
                pass(random.unit() * 0.008)
            }
        }
    }

    /// Counts an event that is not an ``InputEvent`` (a resize, a parameter change).
    private func countEvent() {
        eventsInEpisode += 1
        report.events += 1
        report.eventsPerScene[episode.kind, default: 0] += 1
    }

    /// The app's part of an unused key, as far as it reaches the scene: parameter hotkeys (Shift
    /// reverses), 0 resets, Z flips the variant, Space pauses, S slows, "." steps once.
    private func appKey(_ k: KeyEvent) {
        note("  the app's key \(k.key)")
        switch k.key {
        case "0": for p in scene.parameters { scene.setParameter(p.name, to: p.defaultValue) }
        case "z": scene.variant = scene.variant.toggled
        case "space": paused.toggle()
        case "s": slowMotion.toggle()
        case ".": if paused { paused = false; frame(interval: episode.frameInterval); paused = true }
        default:
            if let p = scene.parameters.first(where: { $0.key == k.key }) {
                scene.setParameter(p.name, to: p.stepped(reverse: k.modifiers.contains(.shift)).value)
                noteSegment()
            }
        }
    }

    private func noteSegment() {
        if let x = scene as? ExchangeScene { longestSegment = max(longestSegment, x.animationDuration) }
    }

    private func randomKey() -> String {
        let keys = ["escape", "space", "left", "right", "up", "down", "tab", "return", "0", "z", "s", ".", "h", "g", "b", "1", "q", "x"]
            + (wild ? scene.parameters.map(\.key) : [])
        return keys[random.int(keys.count)]
    }

    /// Anywhere: mostly in the content, sometimes on the title line or HUD, sometimes outside the
    /// window (just beyond an edge, or absurdly far).
    private func randomPoint() -> Point {
        let r = random.unit()
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
    private func nearby(_ p: Point) -> Point {
        let reach = random.chance(0.8) ? 12.0 : 200
        return Point(x: p.x + (random.unit() * 2 - 1) * reach, y: p.y + (random.unit() * 2 - 1) * reach)
    }

    /// The centre of a visible cell (in window points), a little off, or nil without cells.
    private func cellPoint() -> Point? {
        // By index path: the visible cells come in a dictionary's order, which differs between processes.
        guard let cv = collectionView, cv.visibleCellCount > 0 else { return nil }
        let items = cv.indexPathsForVisibleItems
        guard let cell = cv.cellForItem(at: items[random.int(items.count)]) else { return nil }
        let c = cv.convert(cell.center, to: nil)
        return Point(x: c.x + (random.unit() * 2 - 1) * 8, y: c.y + (random.unit() * 2 - 1) * 8)
    }

    // MARK: Invariants

    private var collectionView: CollectionView? {
        switch scene {
        case let s as DragScene: return s.collectionView
        case let s as SpringyScene: return s.collectionView
        case let s as CardsScene: return s.collectionView
        case let s as ExchangeScene: return s.collectionView
        default: return nil
        }
    }

    private var window: Window? {
        switch scene {
        case let s as DragScene: return s.host.window
        case let s as SpringyScene: return s.host.window
        case let s as CardsScene: return s.host.window
        case let s as ExchangeScene: return s.host.window
        default: return nil
        }
    }

    /// Records the failure with everything needed to replay it.
    private func fail(_ what: String) {
        guard report.failure == nil else { return }
        report.failure = "seed \(configuration.seed), event \(report.events) of \(configuration.events) (\(episode.description), "
            + "t = \(fixed(now, decimals: 3)) s): \(what) — replay: kinetic fuzz --seed \(configuration.seed) --events \(configuration.events)"
    }

    private func beginStep() {
        if let x = scene as? ExchangeScene { modelBeforeStep = x.model }
        finishedInStep = false
    }

    /// After every event and frame: exchange transactions start, finish or are cancelled.
    private func endStep() {
        guard let x = scene as? ExchangeScene else { return }
        let inTransaction = x.controller.isExchangeTransactionInProgress
        if finishedInStep {
            // A drop: the next transaction (which may have begun in the same step) starts from here.
            modelAtTransactionStart = inTransaction ? x.model : nil
        } else if inTransaction && !wasInTransaction {
            // The catch itself exchanges nothing: the line-up before this step is the one to restore.
            modelAtTransactionStart = modelBeforeStep
        } else if !inTransaction && wasInTransaction {
            report.transactionsCancelled += 1
            if let start = modelAtTransactionStart, x.model != start {
                fail("a cancelled transaction left the line-up \(x.model.sections), not \(start.sections) as before it")
            }
            modelAtTransactionStart = nil
        }
        wasInTransaction = inTransaction
    }

    /// The cheap checks, after every event; a full dump every ``Configuration/dumpInterval``.
    private func checkAfterEvent() {
        guard report.failure == nil else { return }
        if let x = scene as? ExchangeScene {
            let names = x.model.sections.flatMap { $0 }
            if names.count != originalNames.count || names.sorted() != originalNames {
                fail("the line-up is no longer a permutation of the original: \(x.model.sections)")
                return
            }
        }
        if let cv = collectionView {
            let visible = cv.visibleCellCount
            report.mostVisibleCells = max(report.mostVisibleCells, visible)
            let area = Size(width: max(content.width, laidOutContent.width), height: max(content.height, laidOutContent.height))
            let bound = cellBound(for: area)
            if visible > bound { fail("\(visible) cells are visible, more than the bound \(bound) for \(area)"); return }
            let o = cv.contentOffset
            if !o.x.isFinite || !o.y.isFinite { fail("the content offset is \(o)"); return }
        }
        if eventsInEpisode % configuration.dumpInterval == 0 { checkDump() }
    }

    /// The most cells a content area of `area` may show: what tiles it (cells are at least 40×40
    /// with 10 pt gaps in the drag grid, 44 pt rows in springy, 250×350 cards, 136×52 names),
    /// twice over for cells in flight, plus every item the drag flock carries.
    private func cellBound(for area: Size) -> Int {
        let w = max(area.width, 1), h = max(area.height, 1)
        switch scene {
        case let s as DragScene:
            return 2 * Int((w / 50 + 2) * (h / 50 + 2)) + s.layout.draggedIndexPaths.count + 16
        case is SpringyScene: return 2 * Int(h / 50 + 8) + 16
        case let s as CardsScene: return 2 * Int(w / 270 + 3) + min(s.cities.count, 3) + 4
        case let s as ExchangeScene:
            return min(2 * Int((w / 146 + 2) * (h / 62 + 2)) + 16, s.model.sections.reduce(0) { $0 + $1.count })
        default: return Int.max
        }
    }

    /// Every presented value of the dump is finite, and no item is lost: farther than
    /// ``lostDistance`` from the window.
    private func checkDump() {
        report.dumps += 1
        let d = scene.dump()
        func lost(_ f: Rect) -> Bool { abs(f.midX) > Self.lostDistance || abs(f.midY) > Self.lostDistance }
        for item in d.items {
            let f = item.frame
            guard f.origin.isFinite, f.size.width.isFinite, f.size.height.isFinite, item.alpha.isFinite, item.rotation.isFinite,
                  !lost(f) else {
                fail("item \(item.indexPath) (\(item.label)) is presented at \(f), alpha \(item.alpha), rotation \(item.rotation)")
                return
            }
        }
        for item in d.dynamicItems where !item.isFinite || !item.frame.size.width.isFinite || !item.frame.size.height.isFinite
                                         || lost(item.frame) {
            fail("dynamic item \(item.indexPath) is at \(item.frame), velocity \(item.velocity), rotation \(item.rotation)")
            return
        }
    }

    /// Window points beyond which an item counts as lost: far past anywhere the pointer can be
    /// (``Views/Window/maximumPointerDistance``) or a spring can throw an item.
    static let lostDistance = 1e7

    /// Input stops: the pointer goes up, a keyboard exchange is dropped or cancelled (Space or
    /// Escape), the app's clock runs at normal speed and the parameters go back to their defaults.
    /// Then, within 5 simulated seconds (plus what a running card animation or exchange segments
    /// started before still need), no gesture or transaction may be in progress, every value must
    /// be finite and memory must be where it started. In the episode's first part (parameters at
    /// their defaults) the scene must also be at rest: no frame needed, every animator paused. In
    /// the second part (parameter extremes) motion may go on: an undamped 100 Hz spring dragged
    /// 16 000 pt away stores enough energy for the cells to orbit their homes for minutes once the
    /// damping is back, as attachment springs damp only along their axes.
    private func restCheck() {
        note("rest check")
        for b in buttonsDown {
            deliver(.pointer(.up(pointer, at: clock, button: b)))
        }
        buttonsDown = []
        if let x = scene as? ExchangeScene, x.isKeyboardTransaction {
            deliver(.key(KeyEvent(.down, key: random.chance(0.5) ? "space" : "escape", timestamp: clock)))
        }
        guard report.failure == nil else { return }
        paused = false
        slowMotion = false
        // A running card animation keeps its timing; exchange segments already started keep theirs.
        var allowance = 5.0
        // The seed flock (see ``swingingFlockAllowance``) may swing far longer than any bound.
        var swinging = false
        if let d = scene as? DragScene, d.layout.dragBehavior?.anchoring == .sharedSquare {
            allowance = Self.swingingFlockAllowance
            swinging = true
        }
        if let c = scene as? CardsScene, let a = c.animator { allowance += a.duration }
        noteSegment()
        allowance += 8 * longestSegment
        beginStep()
        for p in scene.parameters { scene.setParameter(p.name, to: p.defaultValue) }
        endStep()
        longestSegment = 0
        framesOwed = true
        let start = now
        while report.failure == nil && (framesOwed || scene.needsFrame) && now - start < allowance {
            frame(interval: episode.frameInterval)
        }
        clock = now
        guard report.failure == nil else { return }
        if swinging, let d = scene as? DragScene, d.layout.dragBehavior != nil { report.swingingFlocks += 1 }
        let resting = !wild && !(swinging && (scene as? DragScene)?.layout.dragBehavior != nil)
        if resting && !scene.needsFrame && now - start > report.longestRest {
            report.longestRest = now - start
            report.longestRestScene = swinging ? "drag, a seed flock" : "\(episode.kind.name) \(scene.variant.rawValue)"
        }
        if resting && scene.needsFrame {
            fail("\(fixed(now - start, decimals: 2)) s after the pointer went up the scene still needs frames (\(busyReasons()))")
            return
        }
        if resting && scene.status.animatorRunning { fail("at rest, the scene's animator still runs"); return }
        if let w = window {
            if w.arena.isTracking { fail("after the pointer went up, the gesture arena still tracks a pointer sequence"); return }
            if w.steppers.count != baseSteppers { fail("the window has \(w.steppers.count) steppers, \(baseSteppers) at the start"); return }
            if w.rootView.subviews.count != baseRootViews {
                fail("the root view has \(w.rootView.subviews.count) subviews, \(baseRootViews) at the start"); return
            }
        }
        switch scene {
        case let s as DragScene:
            if resting && s.isDragging { fail("at rest, a drag is still in progress"); return }
            if s.layout.dragBehavior != nil && !s.layout.isReturning { fail("after the pointer went up, the flock is still held"); return }
            if let a = s.layout.dynamicAnimator, s.layout.dragBehavior == nil, !a.behaviors.isEmpty {
                fail("no drag, but the drag animator still holds \(a.behaviors.count) behaviors"); return
            }
        case let s as SpringyScene:
            let bound = Int((largestContent.height + 2 * s.layout.tilingMargin) / 50 + 8)
            if s.layout.springs.count > bound { fail("\(s.layout.springs.count) springs, more than the tiling bound \(bound)"); return }
            if s.collectionView.isDragging { fail("after the pointer went up, the list is still being dragged"); return }
        case let s as CardsScene:
            if resting, let a = s.animator { fail("at rest, a card animator still exists (\(a.state))"); return }
            if let a = s.animator, a.state == .active, !a.isRunning {
                fail("after the pointer went up, the card animator is still paused (a grab or scrub that never ended)"); return
            }
        case let s as ExchangeScene:
            if s.controller.isExchangeTransactionInProgress {
                fail("after input stopped, an exchange transaction is still in progress (\(s.isKeyboardTransaction ? "keyboard" : "pointer"))")
                return
            }
            if resting {
                if s.snapshot != nil { fail("at rest, the snapshot is still shown"); return }
                if s.layout.hiddenIndexPath != nil || s.layout.dimmedIndexPath != nil { fail("at rest, an item is still hidden or dimmed"); return }
                if !s.longPress.isEnabled { fail("at rest, the long press is still disabled"); return }
            }
        default: break
        }
        if let cv = collectionView {
            let cells = cv.visibleCellCount + cv.reusableCellCount
            let bound = cellBound(for: largestContent)
            if cells > bound { fail("\(cv.visibleCellCount) visible and \(cv.reusableCellCount) reusable cells, more than the bound \(bound)"); return }
            let views = cv.subviews.count - cv.visibleCellCount
            let headers = (scene as? ExchangeScene)?.model.numberOfSections ?? 0
            if views > headers + 2 { fail("the collection view holds \(views) views besides its cells"); return }
        }
        checkDump()
        if report.failure == nil { report.restChecks += 1 }
    }

    /// How long the rest check waits for the drag scene's seed flock, simulated seconds, before it
    /// lets it swing on. Every selected cell hangs from four springs to one 40 pt square around the
    /// pointer (the source document's `DraggableLayout`), each as long as it was at the catch: for
    /// a cell hundreds of points away the four springs are nearly parallel and at their rest
    /// length, so nothing pulls or damps its sideways swing but second-order terms. Measured at
    /// the default 8 Hz and damping 0.6: an ordinary drag of two cells 400–800 pt apart lands in
    /// 11–17 s, a flick of 8000 pt released at once in up to 33 s, a flick to the edge of
    /// ``Views/Window/maximumPointerDistance`` not within minutes (the refined variant, which keeps
    /// offsets, lands in 0.5 s). Such a flock is counted (``Report/swingingFlocks``), not failed;
    /// every other check still applies.
    public static let swingingFlockAllowance = 30.0

    /// Why the scene still needs frames, for the failure message.
    private func busyReasons() -> String {
        var reasons: [String] = []
        if let w = window {
            if w.timeline.hasRunningAnimators { reasons.append("an animator runs on the timeline") }
            if let d = w.arena.nextTimerDeadline { reasons.append("a recognizer waits for \(d)") }
            for s in w.steppers where !s.isAtRest { reasons.append("stepper \(type(of: s)) is not at rest") }
        }
        if let x = scene as? ExchangeScene, x.controller.pendingReloadDelay != nil { reasons.append("a reload is pending") }
        if let d = scene as? DragScene, let a = d.layout.dynamicAnimator {
            let fastest = a.dynamicItems.map { a.linearVelocity(for: $0).length }.max() ?? 0
            let spin = a.dynamicItems.map { abs(a.angularVelocity(for: $0)) }.max() ?? 0
            reasons.append("drag: dragging \(d.isDragging), returning \(d.layout.isReturning), \(a.awakeItemCount) of "
                           + "\(a.dynamicItems.count) items awake, fastest \(fastest) pt/s, \(spin) rad/s, "
                           + "frequency \(d.layout.frequency) Hz, damping \(d.layout.damping)")
        }
        return reasons.isEmpty ? "a view waits for layout or animates" : reasons.joined(separator: "; ")
    }
}

