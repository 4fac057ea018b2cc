import Animation

/// One value a scene's parameter is to take, by the scene's name for it (`frequency`,
/// `spring.damping`): what a pasted spring or curve, a number typed in a spring dialect or the
/// plot asks of a scene, so it can be checked against the parameter's range before anything changes.
public struct ParameterAssignment: Sendable, Equatable {
    /// The parameter's API name, as ``Scene/parameters`` names it.
    public let name: String
    /// The value it is to take, in the parameter's unit (not yet checked or clamped).
    public let value: Double

    /// Parameter `name` to take `value`.
    public init(_ name: String, _ value: Double) { self.name = name; self.value = value }
}

/// Why a scene refused values it was asked to take: one line naming the parameter, the value it
/// would need and the range it holds ("damping would be 7.07e+299, outside 0…5"), or the scene's
/// own reason (a snap's fixed frequency). Nothing was changed.
public struct ParameterRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The reason, one line, without a trailing full stop.
    public let message: String

    /// A refusal saying `message`.
    public init(_ message: String) { self.message = message }

    /// `parameter` would need `value`, outside its range.
    public init(parameter: SceneParameter, value: Double) {
        message = "\(parameter.label) would be \(ParameterAssignment.spell(value, unit: parameter.unit)), outside \(parameter.rangeText)"
    }

    public var description: String { message }
}

extension ParameterAssignment {
    /// `value` as a message writes it: four significant digits, exponents for the very large or
    /// small ("7.071e+299", "1e-300"), never a 309-digit integer, with the unit when there is one.
    public static func spell(_ value: Double, unit: String = "") -> String {
        let number: String
        let magnitude = abs(value)
        if !value.isFinite {
            number = String(value)
        } else if magnitude != 0 && (magnitude >= 1e7 || magnitude < 1e-4) {
            // The decimal exponent from the binary one, corrected by one step either way.
            var exponent = Int((Double(magnitude.exponent) * 0.30102999566398120).rounded(.down))
            if shifted(magnitude, by: exponent) >= 10 { exponent += 1 }
            if shifted(magnitude, by: exponent) < 1 { exponent -= 1 }
            var mantissa = ExportNumber.significant(shifted(value, by: exponent), digits: 4)
            if mantissa == "10" || mantissa == "-10" { mantissa = value < 0 ? "-1" : "1"; exponent += 1 }
            number = mantissa + "e" + (exponent < 0 ? "-" : "+") + String(abs(exponent))
        } else {
            number = ExportNumber.significant(value, digits: 4)
        }
        return unit.isEmpty ? number : number + " " + unit
    }

    /// `value` / 10^`n` for the exponents of finite doubles (−324…308), in two steps where 10^`n`
    /// alone would leave the range of doubles.
    private static func shifted(_ value: Double, by n: Int) -> Double {
        func power(_ k: Int) -> Double {
            var result = 1.0, base = 10.0, k = k
            while k > 0 { if k & 1 == 1 { result *= base }; base *= base; k >>= 1 }
            return result
        }
        if n < -300 { return value * 1e300 * power(-n - 300) }
        return n < 0 ? value * power(-n) : value / power(n)
    }
}

extension Scene {
    /// The first of `assignments` that the scene cannot hold, or nil when all can: a value that is
    /// not finite or lies outside its parameter's ``SceneParameter/range``, or a name the scene
    /// has no parameter for. Nothing changes.
    public func refusal(of assignments: [ParameterAssignment]) -> ParameterRefusal? {
        for a in assignments {
            guard let p = parameter(a.name) else { return ParameterRefusal("the \(name) scene has no parameter \(a.name)") }
            guard a.value.isFinite, p.range.contains(a.value) else { return ParameterRefusal(parameter: p, value: a.value) }
        }
        return nil
    }

    /// Sets each of `assignments` in order through ``setParameter(_:to:)`` (which clamps).
    public func apply(_ assignments: [ParameterAssignment]) {
        for a in assignments { setParameter(a.name, to: a.value) }
    }

    /// Sets the plotted spring (the plot dragged): ``plottedSpringAssignments(frequency:dampingRatio:)``
    /// applied, each value clamped to its range, so a drag past an end holds there.
    public func setPlottedSpring(frequency: Double, dampingRatio: Double) {
        guard frequency.isFinite, frequency > 0, dampingRatio.isFinite, dampingRatio >= 0 else { return }
        apply(plottedSpringAssignments(frequency: frequency, dampingRatio: dampingRatio))
    }

    /// Takes a pasted spring exactly or not at all: the scene's values for it
    /// (``importedSpringAssignments(_:)``), set when every one lies in its parameter's range.
    ///
    /// - Returns: false when the scene's motion is not a spring (nothing changes).
    /// - Throws: ``ParameterRefusal`` naming the first value the scene cannot hold (nothing changes).
    public func importSpring(_ spring: SpringConversion) throws(ParameterRefusal) -> Bool {
        guard let assignments = try importedSpringAssignments(spring) else { return false }
        if let refusal = refusal(of: assignments) { throw refusal }
        apply(assignments)
        return true
    }

    /// Takes a pasted cubic curve (and its duration, seconds, when the code gave one) exactly or not at all.
    ///
    /// - Returns: false when the scene has no timing curve to set (nothing changes).
    /// - Throws: ``ParameterRefusal`` naming the first value the scene cannot hold (nothing changes).
    public func importCurve(_ curve: CubicTimingParameters, duration: Double?) throws(ParameterRefusal) -> Bool {
        guard let assignments = importedCurveAssignments(curve, duration: duration) else { return false }
        if let refusal = refusal(of: assignments) { throw refusal }
        apply(assignments)
        return true
    }
}
