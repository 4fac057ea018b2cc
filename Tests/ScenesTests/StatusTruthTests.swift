import Testing
import Geometry
import Animation
import Scenes

/// Issue 28, a HUD that tells the truth: the cards' state line says what the card animator and
/// the carousel do; `E` exports what the rows show; the exchange line names the controller's state.
@Suite struct StatusTruthTests {
    static let size = Size(width: 1280, height: 800)
    static let middle = Point(x: 640, y: 415)

    @Test func theCardsLineFollowsTheAnimatorAndTheScrub() throws {
        let s = CardsScene(size: Self.size)
        let d = SceneDriver(s)
        #expect(s.status.detail == "at rest · no animator")
        d.click(Self.middle)
        d.run(0.1)
        let opening = try #require(s.status.detail)
        #expect(opening.hasPrefix("card animator running · opening · "), "\(opening)")
        #expect(s.status.animatorRunning)
        d.run(1)
        // Open: a drag down scrubs it closed; while the pointer holds it, it is paused and scrubbed.
        d.down(Self.middle)
        d.step()
        for i in 1...10 { d.move(Point(x: Self.middle.x, y: Self.middle.y + Double(i) * 12)); d.step() }
        let scrubbing = try #require(s.status.detail)
        #expect(scrubbing.contains("paused") && scrubbing.hasSuffix("scrubbing"), "\(scrubbing)")
        #expect(s.status.animatorRunning, "a scrub is motion the HUD shows in green, not 'at rest'")
    }

    /// Issue 42: "% open" is how far open the card is (the animations' progress), not the
    /// animator's time fraction: on the cards' seed spring (mass 1, stiffness 2, damping 0.2, 69 s
    /// to settle) the card first reaches fully open 1.18 s in, when the time fraction is 1.7 %.
    @Test func theCardsLineSaysHowFarOpenTheCardIs() throws {
        let s = CardsScene(size: Self.size)
        let d = SceneDriver(s)
        s.setParameter("curve", to: Double(TimingCurveChoice.spring.rawValue))
        d.click(Self.middle)
        _ = d.run(until: 10) { (s.animator?.progress ?? 0) >= 1 }
        let a = try #require(s.animator)
        let detail = try #require(s.status.detail)
        #expect(a.progress >= 1 && a.fractionComplete < 0.5, "progress \(a.progress), time fraction \(a.fractionComplete)")
        #expect(detail.contains("opening · \(Int((a.progress * 100).rounded())) % open"), "\(detail)")
    }

    @Test func aCardAnimationIsTimedToRest() throws {
        let s = CardsScene(size: Self.size)
        let d = SceneDriver(s)
        d.click(Self.middle)
        _ = d.run(until: 3) { s.status.settling?.measured != nil }
        let r = try #require(s.status.settling)
        let measured = try #require(r.measured)
        // The seed's curve runs 0.3 s: predicted at the start, measured to the frame it ended.
        #expect(abs(r.predicted - 0.3) < 1.0 / 60 + 1e-9, "predicted \(r.predicted)")
        #expect(abs(measured - r.predicted) <= 1.0 / 60 + 1e-9, "measured \(measured), predicted \(r.predicted)")
        #expect(r.samples.isEmpty, "no cell to graph")
        // A scrub released halfway goes on for the rest of the run: a new, shorter prediction.
        d.down(Self.middle)
        d.step()
        for i in 1...8 { d.move(Point(x: Self.middle.x, y: Self.middle.y + Double(i) * 20)); d.step() }
        d.up(Point(x: Self.middle.x, y: Self.middle.y + 160))
        _ = d.run(until: 3) { s.status.settling?.measured != nil && s.status.settling?.predicted != r.predicted }
        let again = try #require(s.status.settling)
        #expect(again.predicted < 0.3 && again.measured != nil, "\(again)")
        if let m = again.measured { #expect(abs(m - again.predicted) <= 1.0 / 60 + 1e-9) }
    }

    @Test func eExportsTheSpringTheRowsShow() throws {
        let s = CardsScene(size: Self.size)
        let d = SceneDriver(s)
        s.setParameter("curve", to: Double(TimingCurveChoice.spring.rawValue))
        d.click(Self.middle)
        d.run(0.05)
        // Mid-animation, the rows change: the running animation keeps its spring, E exports the rows'.
        s.setParameter("stiffness", to: 6.28)
        s.setParameter("damping", to: 1)
        guard case .spring(let spring)? = s.motionExport?.motion else { Issue.record("no spring export"); return }
        #expect(abs(spring.stiffness - 6.28) < 1e-9 && abs(spring.damping - 1) < 1e-9, "\(spring)")
    }

    @Test func theExchangePlotsAndExportsItsStepCurve() throws {
        let s = ExchangeScene(size: Self.size)
        let d = SceneDriver(s)
        guard case .timing(.cubic(let c), let position)? = s.plot else { Issue.record("no curve plotted"); return }
        #expect(c == CubicTimingParameters(animationCurve: .easeInOut) && position == nil)
        guard case .curve(let exported, let duration)? = s.motionExport?.motion else { Issue.record("no curve exported"); return }
        #expect(exported == c && duration == 0.2)
        // While the catch blinks, the plot's dot follows the running step.
        let first = try #require(s.dump().items.first { $0.indexPath == IndexPath(item: 0, section: 0) }).frame.center
        d.down(first)
        var sawDot = false
        for _ in 0..<40 {
            d.step()
            if case .timing(_, let p?)? = s.plot, p.x > 0 { sawDot = true; break }
        }
        #expect(sawDot, "the running step's place on the curve")
    }

    @Test func theExchangeLineNamesTheControllersState() throws {
        let s = ExchangeScene(size: Self.size)
        let d = SceneDriver(s)
        #expect(s.status.detail == "exchange idle · nothing moving")
        let first = try #require(s.dump().items.first { $0.indexPath == IndexPath(item: 0, section: 0) }).frame.center
        d.down(first)
        d.run(0.4)
        let holding = try #require(s.status.detail)
        #expect(holding.hasPrefix("holding Ana"), "\(holding)")
        // Over Ben (the next name in the line-up), the model exchanges: still Ana held, over Ben.
        let second = try #require(s.dump().items.first { $0.indexPath == IndexPath(item: 1, section: 0) }).frame.center
        for i in 1...10 { d.move(Point(x: first.x + (second.x - first.x) * Double(i) / 10, y: first.y)); d.step() }
        d.run(0.3)
        let over = try #require(s.status.detail)
        #expect(over.hasPrefix("holding Ana over Ben"), "\(over)")
    }
}
