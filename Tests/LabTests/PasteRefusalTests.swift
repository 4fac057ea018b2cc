import Testing
import Geometry
import Gestures
import Scenes
import Animation
@testable import Lab

/// Issue 37: every path from text to a parameter goes through one check. A paste (Ctrl+V or a
/// script's paste line) or a number typed in a spring dialect that the scene's parameters cannot
/// hold is refused with the range, exactly as a typed row value is; nothing traps, nothing is
/// clamped into another motion.
@Suite struct PasteRefusalTests {
    /// The issue's crashing and silently clamped texts (the reader refuses the first four itself,
    /// as `kinetic curve import` does), and springs the reader takes that a scene cannot hold:
    /// 151 Hz combined is 107 Hz an attachment in the drag scene; stiffness 900,000 is beyond
    /// the cards scene's stiffness.
    static let extremes = [
        ".interpolatingSpring(mass: 1, stiffness: 900000, damping: 100)",
        ".interpolatingSpring(mass: 1, stiffness: 1e308, damping: 1e308, initialVelocity: 0)",
        ".spring(response: 0.5, dampingFraction: 1e300)",
        ".interpolatingSpring(mass: 1, stiffness: 1e20, damping: 1)",
        "UISpringTimingParameters(mass: 1e-300, stiffness: 1e300, damping: 1, initialVelocity: 0)",
    ]

    /// The scenes and demos of the issue (exit 132 in each), by configuration.
    static let places: [(scene: SceneKind, demo: String?, compare: Bool)] = [
        (.drag, nil, false), (.cards, nil, false), (.drag, nil, true),
        (.dynamics, "spring", false), (.dynamics, "custom-item", false), (.dynamics, "snap", false),
    ]

    func open(_ place: (scene: SceneKind, demo: String?, compare: Bool)) throws -> LabSession {
        try openedSession {
            $0.scene = place.scene
            $0.demo = place.demo
            $0.compare = place.compare
        }
    }

    func values(_ s: LabSession) -> [String: Double] {
        Dictionary(s.scene.parameters.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
    }

    /// In each scene of the issue, each extreme paste changes nothing and says why, naming a
    /// parameter and its range; the session goes on (it used to trap in `fixed(_:decimals:)`).
    @Test func extremePastesAreRefusedEverywhere() throws {
        for place in Self.places {
            for text in Self.extremes {
                let s = try open(place)
                let before = values(s)
                s.paste(text)
                #expect(values(s) == before, "\(place) \(text)")
                let notice = s.overlay.noticeText
                #expect(notice.hasPrefix("Ctrl+V:"), "\(place) \(text): \(notice)")
                #expect(notice.contains("outside") || notice.contains("fixed") || notice.contains("cannot") || notice.contains("between"),
                        "\(place) \(text): \(notice)")
                s.step(realDt: 1 / 60)
            }
        }
    }

    /// The drag scene refuses a spring out of its range with the per-attachment parameter and its
    /// range; one within it is set exactly (never clamped).
    @Test func dragSceneRefusesWithTheRangeAndSetsWhatFits() throws {
        let s = try openedSession { $0.scene = .drag }
        s.paste(".interpolatingSpring(mass: 1, stiffness: 900000, damping: 100)")
        let notice = s.overlay.noticeText
        let frequency = try #require(s.scene.parameter("frequency"))
        #expect(notice.contains("frequency would be") && notice.contains("outside " + frequency.rangeText), "\(notice)")
        #expect(frequency.value == frequency.defaultValue)
        // SwiftUI's .spring(duration: 0.5, bounce: 0.3): 2 Hz, ζ 0.7, set exactly.
        s.paste(".spring(duration: 0.5, bounce: 0.3)")
        #expect(abs(s.scene.parameter("frequency")!.value - 2 / 2.0.squareRoot()) < 1e-9)
        #expect(abs(s.scene.parameter("damping")!.value - 0.7 / 2.0.squareRoot()) < 1e-9)
    }

    /// mass = stiffness = damping = 10³⁰⁰ is ω₀ 1 rad/s and ζ 0.5; it used to read as undamped
    /// (k·m overflowed) and set the drag scene to 0.11 Hz with no damping. The reader now refuses
    /// the mass (beyond 10⁶); were it taken, the damping would be ζ 0.5's.
    @Test func hugeButProportionalSpringKeepsItsDamping() throws {
        let spring = SpringConversion(mass: 1e300, stiffness: 1e300, damping: 1e300)
        #expect(abs(spring.dampingRatio - 0.5) < 1e-12 && abs(spring.angularFrequency - 1) < 1e-12)
        let s = try openedSession { $0.scene = .drag }
        s.paste(".interpolatingSpring(mass: 1e300, stiffness: 1e300, damping: 1e300)")
        let damping = try #require(s.scene.parameter("damping"))
        #expect(damping.value != damping.defaultValue || s.overlay.noticeText.contains("mass must be between"), "\(s.overlay.noticeText)")
        if damping.value != damping.defaultValue { #expect(abs(damping.value - 0.5 / 2.0.squareRoot()) < 1e-9) }
    }

    /// The cards scene takes a pasted spring's own mass, stiffness and damping, or refuses it:
    /// stiffness 10⁶ is outside its stiffness range, and nothing changes (it used to become
    /// stiffness 10,000 silently).
    @Test func cardsSceneTakesTheSpringExactlyOrNotAtAll() throws {
        let s = try openedSession { $0.scene = .cards }
        let before = values(s)
        s.paste(".interpolatingSpring(mass: 1, stiffness: 900000, damping: 100)")
        #expect(values(s) == before)
        #expect(s.overlay.noticeText.contains("stiffness would be 900000"), "\(s.overlay.noticeText)")
        s.paste(".interpolatingSpring(mass: 2, stiffness: 300, damping: 12)")
        #expect(s.scene.parameter("mass")?.value == 2 && s.scene.parameter("stiffness")?.value == 300
                && s.scene.parameter("damping")?.value == 12)
    }

    /// The snap demo's frequency is fixed at 3 Hz: a spring of another frequency is refused
    /// (only its damping used to be taken, silently); a 3 Hz spring sets the damping.
    @Test func snapTakesOnlyItsOwnFrequency() throws {
        let s = try openedSession { $0.scene = .dynamics; $0.demo = "snap" }
        let before = values(s)
        s.paste("attachment.frequency = 5\nattachment.damping = 0.5")
        #expect(values(s) == before)
        #expect(s.overlay.noticeText.contains("fixed"), "\(s.overlay.noticeText)")
        s.paste("attachment.frequency = 3\nattachment.damping = 0.6")
        #expect(abs(s.scene.parameter("snap.damping")!.value - 0.5) < 1e-9, "\(s.overlay.noticeText)")
    }

    /// A script's paste line takes the same path: a headless run of the issue's line keeps going
    /// and the value stays.
    @Test func scriptPasteLineIsRefusedToo() throws {
        let s = try openedSession { $0.scene = .drag }
        s.deliver(.paste(".spring(response: 0.5, dampingFraction: 1e300)", at: 0.2))
        #expect(s.scene.parameter("damping")?.value == s.scene.parameter("damping")?.defaultValue)
    }

    /// Typing 10⁶ s into the SwiftUI duration refuses it with the range the drag scene holds (it
    /// used to clamp the frequency to 0.1 Hz); a value inside that range is set exactly.
    @Test func dialectTypingIsRefusedWithTheScenesRange() throws {
        let s = try openedSession { $0.scene = .drag }
        #expect(s.springDialect == .durationBounce)
        let duration = try #require(s.moment.dialectParameter(named: "duration"))
        // The drag scene's attachments take 0.1…100 Hz: combined √2 times that, so durations
        // 1/(100√2)…1/(0.1√2) s.
        let frequency = try #require(s.scene.parameter("frequency"))
        let longest = 1 / (frequency.range.lowerBound * 2.0.squareRoot())
        let shortest = 1 / (frequency.range.upperBound * 2.0.squareRoot())
        #expect(duration.range.upperBound <= longest && duration.range.upperBound > longest * 0.999)
        #expect(duration.range.lowerBound >= shortest && duration.range.lowerBound < shortest * 1.001)
        let before = values(s)
        try SpringDialectHUDTests().clickAndType(s, row: 0, "1000000")
        guard case let .editing(_, _, refusal?) = s.hudControl else { Issue.record("not refused: \(s.hudControl)"); return }
        #expect(refusal == "outside " + duration.rangeText, "\(refusal)")
        #expect(values(s) == before)
        // The range's ends, as the refusal shows them, are themselves accepted.
        s.dispatch(.key(KeyEvent(.down, key: "escape", timestamp: 2)))
        try SpringDialectHUDTests().clickAndType(s, row: 0, ParameterAssignment.spell(duration.range.upperBound))
        #expect(s.hudControl == .idle)
        #expect(abs(s.scene.parameter("frequency")!.value - frequency.range.lowerBound) < 1e-3)
    }

    /// A campaign over every spring dialect's every number in every scene with a spring: typed at
    /// the extremes (and just inside the range the row states), a value is either refused with
    /// nothing changed, or taken exactly: the scene's spring then has the ω₀ and ζ of the typed
    /// numbers (within 10⁻⁶), never a clamped other motion, and every parameter stays finite and
    /// in range.
    @Test func everyDialectNumberIsTakenExactlyOrRefused() throws {
        let places: [(SceneKind, String?)] = [(.drag, nil), (.springy, nil), (.dynamics, "spring"), (.dynamics, "snap")]
        let typed = ["0", "-1", "1e-300", "1e300", "0.000001", "1000000", "0.5", "3", "-0.99", "1"]
        for (kind, demo) in places {
            for dialect in SpringDialect.allCases {
                for (row, p) in dialect.parameters.enumerated() {
                    for text in typed {
                        let s = try openedSession { $0.scene = kind; $0.demo = demo }
                        while s.springDialect != dialect { s.dispatch(.key(KeyEvent(.down, key: "k", timestamp: 0.5))) }
                        let spring = try #require(s.moment.dialectSpring)
                        let before = values(s)
                        var wanted = dialect.values(of: spring)
                        wanted[row] = SceneParameter.number(typed: text)!
                        try SpringDialectHUDTests().clickAndType(s, row: row, text)
                        let place = "\(kind) \(demo ?? "") \(dialect) \(p.name) = \(text)"
                        for q in s.scene.parameters { #expect(q.value.isFinite && q.range.contains(q.value), "\(place): \(q.name) \(q.value)") }
                        if case .editing(_, _, let refusal?) = s.hudControl {
                            #expect(values(s) == before, "\(place): refused (\(refusal)) but changed")
                            continue
                        }
                        #expect(s.hudControl == .idle, "\(place)")
                        let typedSpring = try #require(try? dialect.spring(from: wanted, mass: spring.mass, initialVelocity: spring.initialVelocity),
                                                       "\(place): accepted a value the dialect refuses")
                        let now = try #require(s.moment.dialectSpring)
                        #expect(abs(now.angularFrequency / typedSpring.angularFrequency - 1) < 1e-6
                                && abs(now.dampingRatio - typedSpring.dampingRatio) <= 1e-6 * max(1, typedSpring.dampingRatio),
                                "\(place): typed ω₀ \(typedSpring.angularFrequency) ζ \(typedSpring.dampingRatio), got \(now.angularFrequency) \(now.dampingRatio)")
                    }
                }
            }
        }
    }

    /// Formatting never traps and never writes a 309-digit integer.
    @Test func hugeValuesFormatWithExponents() {
        #expect(fixed(1e300, decimals: 2) == "1e+300")
        #expect(fixed(-9.3e18, decimals: 0) == "-9.3e+18")
        #expect(fixed(8, decimals: 2) == "8.00")
        #expect(ParameterAssignment.spell(7.0710678e299) == "7.071e+299")
        #expect(ParameterAssignment.spell(1e-300) == "1e-300")
        #expect(ParameterAssignment.spell(Double.leastNonzeroMagnitude) == "4.941e-324")
        #expect(ParameterAssignment.spell(1.7976931348623157e308) == "1.798e+308")
        #expect(ParameterAssignment.spell(9.99996e20) == "1e+21")
        #expect(ParameterAssignment.spell(0.3, unit: "s") == "0.3 s")
        var p = SceneParameter(name: "stiffness", key: "t", range: 1...1e4, defaultValue: 2, step: .multiply(1.25))
        p.value = 1e300
        #expect(p.formatted == "1e+300")
    }
}
