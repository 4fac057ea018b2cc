import Scenes
import Animation

/// The plotted spring in every platform's words (issue 28 part 3): under the HUD's plot, the
/// spring `E` exports, written in the chosen ``SpringDialect`` (K cycles them), each number a
/// HUD control; a change goes back to the scene through ``Scenes/Scene/setPlottedSpring(frequency:dampingRatio:)``.
/// Shown while the scene's motion is a spring and one scene is on screen.
extension LabSession {
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

    /// Sets the dialect's number `name` to `value`: the spring of the dialect's numbers with that
    /// one changed (at the shown spring's mass and initial velocity) becomes the scene's plotted
    /// spring. Values the dialect cannot take change nothing.
    func setDialectValue(_ name: String, to value: Double) {
        guard let spring = dialectSpring, let i = springDialect.parameters.firstIndex(where: { $0.name == name }) else { return }
        var values = springDialect.values(of: spring)
        values[i] = value
        guard let changed = try? springDialect.spring(from: values, mass: spring.mass, initialVelocity: spring.initialVelocity) else { return }
        scene.setPlottedSpring(frequency: changed.frequency, dampingRatio: changed.dampingRatio)
        capture(half: 0)
    }

    /// K: the next dialect, with a notice naming it (or saying the scene's motion is a curve).
    func cycleSpringDialect() {
        let all = SpringDialect.allCases
        springDialect = all[(all.firstIndex(of: springDialect)! + 1) % all.count]
        let shown = dialectSpring == nil ? " (shown under the plot when the scene's motion is a spring)" : ""
        overlay.notice("spring as \(springDialect.title)\(shown)", at: now)
    }
}
