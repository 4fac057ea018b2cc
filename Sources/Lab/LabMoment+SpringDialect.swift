import Scenes
import Animation

/// The plotted spring in every platform's words (issue 28 part 3): under the HUD's plot, the
/// spring `E` exports, written in the chosen ``SpringDialect`` (K cycles them), each number a
/// HUD control; a change goes back to the scene through ``Scenes/Scene/importSpring(_:)``, exactly or not at all.
/// Shown while the scene's motion is a spring and one scene is on screen.
extension LabMoment {
    /// The spring the dialect rows show: the one `E` exports (its mass, stiffness, damping and
    /// initial velocity), or nil when the scene's motion is a curve, or while comparing.
    var dialectSpring: SpringConversion? {
        guard compareHalf == nil, case .spring(let spring)? = scene.motionExport?.motion else { return nil }
        return spring
    }

    /// The dialect's numbers as HUD values: named as the platform names them, with a range the
    /// dialect accepts, stepped by ×1.1 (times, frequencies, masses, stiffnesses, dampings) or
    /// ±0.05 (ratios and bounce); empty when ``dialectSpring`` is nil.
    package var dialectParameters: [SceneParameter] {
        guard let spring = dialectSpring else { return [] }
        let values = springDialect.values(of: spring)
        return zip(springDialect.parameters, values).map { p, v in
            let ratio = p.name == "dampingRatio" || p.name == "dampingFraction" || p.name == "bounce"
            // Open lower bounds are met just above; unbounded values stop at 10⁶ (a dialect's own
            // check refuses what it cannot take).
            let lower = p.includesLowerBound ? p.lowerBound : p.lowerBound + (p.lowerBound == 0 ? 1e-6 : 0.001)
            let upper = p.upperBound.isFinite ? p.upperBound : 1e6
            var q = SceneParameter(name: p.name, unit: p.unit, key: "", range: lower...upper, defaultValue: v,
                                   step: ratio ? .add(0.05) : .multiply(1.1))
            q.value = v
            return q
        }
    }

    /// The dialect's number `name` as a HUD value whose range is what the scene can hold: the
    /// values that, with the dialect's other numbers as shown, make a spring the scene takes as a
    /// paste takes one (its parameters in their ranges; the snap's fixed frequency) (within the dialect's own range, and rounded inward to the four digits a
    /// refusal shows), so a typed value outside it is refused with that range and a drag stops at
    /// its ends rather than the scene clamping another motion. Nil when ``dialectSpring`` is nil.
    ///
    /// The range is one interval: each dialect number moves ω₀ and ζ one way only, and each scene
    /// parameter follows ω₀ and ζ one way only, so its ends are found by bisection from the
    /// value shown.
    func dialectParameter(named name: String) -> SceneParameter? {
        guard let spring = dialectSpring, let p = dialectParameters.first(where: { $0.name == name }),
              let i = springDialect.parameters.firstIndex(where: { $0.name == name }) else { return nil }
        let values = springDialect.values(of: spring), dialect = springDialect, scene = self.scene
        func holds(_ v: Double) -> Bool {
            var changed = values
            changed[i] = v
            guard let s = try? dialect.spring(from: changed, mass: spring.mass, initialVelocity: spring.initialVelocity) else { return false }
            guard let assignments = try? scene.importedSpringAssignments(s) else { return false }
            return scene.refusal(of: assignments) == nil
        }
        let current = values[i]
        guard holds(current) else { return p }
        func end(toward limit: Double) -> Double {
            if holds(limit) { return limit }
            var good = current, bad = limit
            for _ in 0..<80 {
                // Halve ratios between positive ends far apart (durations span 10⁻⁶…10⁶), else distances.
                let mid = good > 0 && bad > 0 && max(good, bad) > 4 * min(good, bad) ? (good * bad).squareRoot() : (good + bad) / 2
                if mid == good || mid == bad { break }
                if holds(mid) { good = mid } else { bad = mid }
            }
            let shown = Self.fourDigits(good, toward: current)
            return holds(shown) ? shown : good
        }
        let lower = end(toward: p.range.lowerBound), upper = end(toward: p.range.upperBound)
        var q = SceneParameter(name: p.name, unit: p.unit, key: p.key, range: lower...max(lower, upper), defaultValue: p.defaultValue,
                               step: p.step)
        q.value = p.value
        return q
    }

    /// `v` rounded to four significant digits in the direction of `inside` (a range's end moved
    /// inward, so the end a refusal shows is itself accepted).
    private static func fourDigits(_ v: Double, toward inside: Double) -> Double {
        guard v != 0, v.isFinite else { return v }
        var unit = 1.0
        while abs(v) / unit >= 10_000 { unit *= 10 }
        while abs(v) / unit < 1_000 { unit /= 10 }
        let q = v / unit
        return (inside > v ? q.rounded(.up) : q.rounded(.down)) * unit
    }

    /// Sets the dialect's number `name` to `value`: the spring of the dialect's numbers with that
    /// one changed (at the shown spring's mass and initial velocity) becomes the scene's spring,
    /// exactly as a paste would set it (``Scenes/Scene/importSpring(_:)``). Values the dialect or
    /// the scene cannot take change nothing (the row's range, ``dialectParameter(named:)``, keeps
    /// typing and drags inside what both take).
    func setDialectValue(_ name: String, to value: Double) {
        guard let spring = dialectSpring, let i = springDialect.parameters.firstIndex(where: { $0.name == name }) else { return }
        noteExportFormat(ExportFormat(springDialect))
        var values = springDialect.values(of: spring)
        values[i] = value
        guard let changed = try? springDialect.spring(from: values, mass: spring.mass, initialVelocity: spring.initialVelocity) else { return }
        guard (try? scene.importSpring(changed)) == true else { return }
        capture(half: 0)
    }

    /// K: the next dialect, with a notice naming it (or saying the scene's motion is a curve).
    func cycleSpringDialect() {
        let all = SpringDialect.allCases
        springDialect = all[(all.firstIndex(of: springDialect)! + 1) % all.count]
        noteExportFormat(ExportFormat(springDialect))
        let shown = dialectSpring == nil ? " (shown under the plot when the scene's motion is a spring)" : ""
        overlay.notice("spring as \(springDialect.title)\(shown)", at: now)
    }
}
