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

    @Test func theExchangeLineNamesTheControllersState() throws {
        let s = ExchangeScene(size: Self.size)
        let d = SceneDriver(s)
        #expect(s.status.detail == "exchange controller idle · nothing moving")
        let first = try #require(s.dump().items.first { $0.indexPath == IndexPath(item: 0, section: 0) }).frame.center
        d.down(first)
        d.run(0.4)
        let holding = try #require(s.status.detail)
        #expect(holding.hasPrefix("exchange: holding "), "\(holding)")
    }
}
