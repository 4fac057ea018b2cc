import Geometry
import Gestures
import Scenes

/// The invariants the fuzzer checks: each half's scene through its ``Scenes/SceneProbe``, the
/// session's dump, and rest checks.
extension SceneFuzzer {
    /// Records the failure with everything needed to replay it.
    func fail(_ what: String) {
        guard report.failure == nil else { return }
        report.failure = "seed \(configuration.seed), event \(report.events) of \(configuration.events) (\(episode.description), "
            + "t = \(fixed(now, decimals: 3)) s): \(what) — replay: kinetic fuzz --seed \(configuration.seed) --events \(configuration.events)"
            + (configuration.sceneFilePath.map { " --scene \($0)" } ?? "")
    }

    /// Before every event and frame.
    func beginStep() {
        for p in probes { p.beginStep() }
    }

    /// After every event and frame: a scene switch or compare may have opened new scenes; the
    /// probes follow transactions.
    func endStep() {
        updateProbes()
        for p in probes {
            p.endStep()
            if let f = p.failure { fail(f) }
        }
    }

    /// The cheap checks, after every event; a full dump every ``Configuration/dumpInterval``.
    func checkAfterEvent() {
        guard report.failure == nil else { return }
        let area = contentArea
        for p in probes {
            if let cv = p.collectionView { report.mostVisibleCells = max(report.mostVisibleCells, cv.visibleCellCount) }
            if let problem = p.checkAfterEvent(area: area) { fail(problem); return }
        }
        if eventsInEpisode % configuration.dumpInterval == 0 { checkDump() }
    }

    /// Every presented value of the session's dump (both halves) is finite, and no item is lost:
    /// farther than ``lostDistance`` from the window.
    func checkDump() {
        report.dumps += 1
        for half in 0..<probes.count {
            let d = session.scene(ofHalf: half).dump()
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
    }

    /// Input stops: the pointer goes up, a keyboard exchange is dropped or cancelled (Space or
    /// Escape), the clock runs at normal speed and the parameters go back to their defaults.
    /// Then, within 5 simulated seconds (plus what a running card animation or exchange segments
    /// started before still need), no gesture or transaction may be in progress, every value must
    /// be finite and memory must be where it started. In the episode's first part (parameters at
    /// their defaults) the scenes must also be at rest: no frame needed, every animator paused. In
    /// the second part (parameter extremes) motion may go on: an undamped 100 Hz spring dragged
    /// 16 000 pt away stores enough energy for the cells to orbit their homes for minutes once the
    /// damping is back, as attachment springs damp only along their axes.
    func restCheck() {
        note("rest check")
        for b in buttonsDown {
            deliver(.pointer(.up(pointer, at: clock, button: b)), counted: false)
        }
        buttonsDown = []
        if probes.contains(where: \.isKeyboardTransaction) {
            deliver(.key(KeyEvent(.down, key: random.chance(0.5) ? "space" : "escape", timestamp: clock)), counted: false)
            // Space drops in each half on its own: a half that held nothing (B opened while A
            // held a name) catches one now. Escape cancels in both.
            if probes.contains(where: \.isKeyboardTransaction) {
                deliver(.key(KeyEvent(.down, key: "escape", timestamp: clock)), counted: false)
            }
        }
        guard report.failure == nil else { return }
        session.moment.clock.isPaused = false
        session.moment.clock.timeScale = 1
        // A running card animation keeps its timing; exchange segments already started keep theirs.
        let extraBefore = probes.map(\.extraRestTime).max() ?? 0
        noteSegment()
        beginStep()
        for half in 0..<probes.count {
            let scene = session.scene(ofHalf: half)
            for p in scene.parameters { scene.setParameter(p.name, to: p.defaultValue) }
        }
        endStep()
        // What the scenes need at their defaults too: a fling thrown at resistance 9 is calmed
        // at the default 0.5 from now on, which the allowance taken before the reset undercounts.
        var allowance = 5.0 + max(extraBefore, probes.map(\.extraRestTime).max() ?? 0)
        // A seed flock may swing far longer than any bound.
        let swinging = probes.contains(where: \.holdsSeedFlock)
        if swinging { allowance = Self.swingingFlockAllowance }
        allowance += 8 * longestSegment
        longestSegment = 0
        framesOwed = true
        let start = now
        while report.failure == nil && (framesOwed || session.scenesNeedFrame) && now - start < allowance {
            frame(interval: episode.frameInterval)
        }
        clock = now
        guard report.failure == nil else { return }
        let flockLeft = swinging && probes.contains(where: \.holdsFlock)
        if flockLeft { report.swingingFlocks += 1 }
        let resting = !wild && !flockLeft
        if resting && !session.scenesNeedFrame && now - start > report.longestRest {
            report.longestRest = now - start
            report.longestRestScene = swinging ? "drag, a seed flock" : "\(session.scene.name) \(session.scene.variant.rawValue)"
        }
        for p in probes {
            guard let scene = p.scene else { continue }
            if resting && scene.needsFrame {
                fail("\(fixed(now - start, decimals: 2)) s after the pointer went up the scene still needs frames (\(p.busyReasons()))")
                return
            }
            if resting && scene.status.animatorRunning { fail("at rest, the scene's animator still runs (\(p.busyReasons()))"); return }
            if let problem = p.restProblem(resting: resting, largestContent: largestContent) { fail(problem); return }
        }
        checkDump()
        if report.failure == nil { report.restChecks += 1 }
    }
}
