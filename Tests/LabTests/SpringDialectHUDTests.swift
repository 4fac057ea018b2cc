import Testing
import Geometry
import Gestures
import Scenes
import Animation
@testable import Lab

/// Issue 28 part 3 in the window: the plotted spring in every dialect as HUD controls (K cycles),
/// and Ctrl+V importing any platform's spring or curve, through the session's events.
@Suite struct SpringDialectHUDTests {
    /// A clipboard for tests: E's copy lands here, Ctrl+V reads it.
    final class FakeClipboard: @unchecked Sendable {
        var text: String?
        var services: LabServices {
            var s = LabServices.silent
            s.copyToClipboard = { self.text = $0 }
            s.pasteFromClipboard = { self.text }
            return s
        }
    }
    func key(_ k: String, _ mods: KeyModifiers = [], at t: Double = 1) -> InputEvent {
        .key(KeyEvent(.down, key: k, modifiers: mods, timestamp: t))
    }
    func plotted(_ s: LabSession) -> (f: Double, zeta: Double) {
        switch s.scene.plot {
        case let .spring(f, z, _)?: return (f, z)
        case let .timing(.spring(sp), _)?: let c = SpringConversion(sp); return (c.frequency, c.dampingRatio)
        default: Issue.record("no spring plot"); return (0, 0)
        }
    }
    func clickAndType(_ s: LabSession, row: Int, _ text: String) throws {
        let column = try #require(s.moment.hudColumn)
        let f = column.dialectRowFrame(row)
        let p = Point(x: f.maxX - 40, y: f.midY)
        s.dispatch(.pointer(.down(p, at: 1)))
        s.dispatch(.pointer(.up(p, at: 1.05)))
        for c in text { s.dispatch(key(String(c))) }
        s.dispatch(key("return"))
    }

    /// The drag scene's spring as SwiftUI's duration and bounce: the numbers are the exported
    /// spring's, and a typed duration of 0.5 s with bounce 0.3 makes the plotted spring
    /// 2 Hz with ζ 0.7 (SwiftUI's own example: Spring(duration: 0.5, bounce: 0.3)).
    @Test func dialectRowsShowAndSetTheSpring() throws {
        let s = try openedSession { $0.scene = .drag }
        #expect(s.springDialect == .durationBounce)
        let export = try #require(s.moment.dialectSpring)
        #expect(s.dialectParameters.map(\.name) == ["duration", "bounce"])
        #expect(s.dialectParameters.map(\.value) == SpringDialect.durationBounce.values(of: export))
        #expect(s.moment.hudColumn?.dialectRowTops.count == 2)
        try clickAndType(s, row: 0, "0.5")
        try clickAndType(s, row: 1, "0.3")
        let p = plotted(s)
        #expect(abs(p.f - 2) < 1e-9 && abs(p.zeta - 0.7) < 1e-9)
        // Each attachment gets the combined spring over √2.
        #expect(abs(s.scene.parameter("frequency")!.value - 2 / 2.0.squareRoot()) < 1e-9)
        // A bounce outside −1…1 is refused in the row, with the range.
        try clickAndType(s, row: 1, "3")
        guard case let .editing(field, _, refusal?) = s.hudControl else { Issue.record("not refused: \(s.hudControl)"); return }
        // The range is the scene's: bounce from ζ 5√2 (the attachments' damping 0…5, combined)
        // at 1/(5√2) − 1 ≈ −0.8586, rounded inward, to 1 (undamped).
        #expect(field.group == .springDialect && refusal == "outside -0.8585…1", "\(refusal)")
    }

    /// K cycles the five dialects; each shows its own names, and a drag on a row changes the spring.
    @Test func kCyclesTheDialects() throws {
        let s = try openedSession { $0.scene = .springy }
        var seen: [[String]] = []
        for _ in SpringDialect.allCases {
            s.dispatch(key("k"))
            seen.append(s.dialectParameters.map(\.name))
        }
        #expect(seen == [["response", "dampingFraction"], ["stiffness", "dampingRatio"], ["mass", "stiffness", "damping"],
                         ["frequency", "dampingRatio"], ["duration", "bounce"]])
        s.dispatch(key("k"))                                   // response · damping fraction
        let f0 = plotted(s).f
        let row = try #require(s.moment.hudColumn).dialectRowFrame(0)
        s.dispatch(.pointer(.down(Point(x: row.maxX - 40, y: row.midY), at: 2)))
        s.dispatch(.pointer(.moved(Point(x: row.maxX - 24, y: row.midY), at: 2.1)))   // two steps: response ×1.21
        s.dispatch(.pointer(.up(Point(x: row.maxX - 24, y: row.midY), at: 2.2)))
        #expect(abs(plotted(s).f - f0 / 1.21) / f0 < 0.01)
    }

    /// The cards scene shows dialect rows only for its spring choice, and keeps its mass.
    @Test func cardsShowRowsForTheirSpringOnly() throws {
        let s = try openedSession { $0.scene = .cards }
        #expect(s.dialectParameters.isEmpty)
        #expect(s.moment.hudColumn?.dialectTitleTop == nil)
        s.scene.setParameter("curve", to: Double(TimingCurveChoice.spring.rawValue))
        s.scene.setParameter("mass", to: 2)
        #expect(s.dialectParameters.map(\.name) == ["duration", "bounce"])
        try clickAndType(s, row: 1, "0")                       // critically damped
        let c = SpringConversion(mass: 2, stiffness: s.scene.parameter("stiffness")!.value, damping: s.scene.parameter("damping")!.value)
        #expect(abs(c.dampingRatio - 1) < 1e-9)
        #expect(s.scene.parameter("mass")!.value == 2)
    }

    /// E then Ctrl+V gives back the same spring (the whole block E copies, every format in it);
    /// so does each format's own code, within 0.5 % in ω₀ and ζ.
    @Test func exportThenPasteRoundTrips() throws {
        let clip = FakeClipboard()
        let s = try openedSession(services: clip.services) { $0.scene = .springy }
        s.scene.setParameter("frequency", to: 3.3)
        s.scene.setParameter("damping", to: 0.42)
        s.dispatch(key("e"))
        let block = try #require(clip.text)
        s.scene.setParameter("frequency", to: 1)
        s.scene.setParameter("damping", to: 1)
        s.dispatch(key("v", .control))
        #expect(abs(plotted(s).f - 3.3) / 3.3 < 0.005 && abs(plotted(s).zeta - 0.42) / 0.42 < 0.005, "\(plotted(s)) from \(block)")
        let export = try #require(s.scene.motionExport)
        for format in ExportFormat.allCases {
            s.scene.setParameter("frequency", to: 1)
            s.scene.setParameter("damping", to: 1)
            clip.text = export.code(for: format)
            s.dispatch(key("v", .control))
            #expect(abs(plotted(s).f - 3.3) / 3.3 < 0.005 && abs(plotted(s).zeta - 0.42) / 0.42 < 0.005, "\(format): \(plotted(s))")
        }
    }

    /// A pasted cubic curve becomes the cards scene's custom cubic with its duration; a pasted
    /// spring its spring choice; text no platform writes is one line naming the forms expected;
    /// a recording replays the paste from its text, whatever the clipboard holds then.
    @Test func pastesSetTheCardsCurveAndReplay() throws {
        let clip = FakeClipboard()
        let s = try openedSession(services: clip.services) { $0.scene = .cards }
        clip.text = "transition: transform 0.45s cubic-bezier(0.1, 0.7, 1.0, 0.1);"
        s.dispatch(key("v", .control))
        let (p1, p2) = try #require(s.scene.curveHandles)
        #expect(p1 == Point(x: 0.1, y: 0.7) && p2 == Point(x: 1, y: 0.1))
        #expect(s.scene.parameter("duration")!.value == 0.45)
        clip.text = "val force = SpringForce().setStiffness(SpringForce.STIFFNESS_LOW).setDampingRatio(SpringForce.DAMPING_RATIO_MEDIUM_BOUNCY)"
        s.dispatch(key("v", .control))
        #expect(s.scene.parameter("curve")?.formatted == "spring")
        #expect(abs(s.scene.parameter("stiffness")!.value - 200) < 1e-9)
        clip.text = "bogus(1)"
        s.dispatch(key("v", .control))
        #expect(s.overlay.notice(at: s.now)?.hasPrefix("Ctrl+V: cannot read") == true, "\(s.overlay.notice(at: s.now) ?? "")")
        let lines = try #require(s.log?.lines)
        #expect(lines.filter { if case .paste = $0 { return true } else { return false } }.count == 3)
        #expect(!lines.contains { if case .input(let e) = $0 { return LabSession.isPasteKey(e) } else { return false } })
        clip.text = nil
        let replay = try openedSession(services: clip.services) { $0.scene = .cards }
        for line in lines { replay.deliver(line) }
        #expect(replay.scene.parameters == s.scene.parameters)
    }

    /// A scene without a timing curve refuses a curve, and one without a spring a spring, saying so.
    @Test func aMotionTheSceneLacksIsRefused() throws {
        let clip = FakeClipboard()
        let s = try openedSession(services: clip.services) { $0.scene = .exchange }
        clip.text = ".spring(duration: 0.5, bounce: 0.3)"
        s.dispatch(key("v", .control))
        #expect(s.overlay.notice(at: s.now) == "Ctrl+V: the exchange scene has no spring to set (its motion is a timing curve)")
        let d = try openedSession(services: clip.services) { $0.scene = .drag }
        clip.text = "cubic-bezier(0.25, 0.1, 0.25, 1)"
        let before = d.scene.parameters
        d.dispatch(key("v", .control))
        #expect(d.overlay.notice(at: d.now) == "Ctrl+V: the drag scene has no timing curve to set")
        #expect(d.scene.parameters == before)
    }
}
