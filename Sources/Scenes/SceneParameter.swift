/// How a hotkey nudges a parameter.
public enum ParameterStep: Sendable, Equatable {
    /// Multiply by the factor (the key) or divide (with Shift): for frequencies and stiffnesses.
    case multiply(Double)
    /// Add (the key) or subtract (with Shift): for damping ratios and lengths.
    case add(Double)
    /// Cycle through the integers of the range (the key forward, Shift backward): for choices.
    case cycle
}

/// One tunable number of a scene: what the HUD shows, hotkeys change, `--params` loads and
/// `--dump` writes, under one name.
public struct SceneParameter: Sendable, Equatable {
    /// The API name used in JSON (`frequency`, `damping`, `resistance`).
    public let name: String
    /// The unit shown in the HUD ("Hz", "pt", ""), or empty.
    public let unit: String
    /// The hotkey, lower-case (`f`); Shift reverses the step.
    public let key: String
    /// The allowed values; changes are clamped to it.
    public let range: ClosedRange<Double>
    /// The value the scene starts with and `0` resets to.
    public let defaultValue: Double
    /// How one key press changes the value.
    public let step: ParameterStep
    /// Names for a `.cycle` parameter's values (index = value), or empty.
    public let choices: [String]
    /// The current value.
    public var value: Double

    /// Creates a parameter at its default value.
    public init(name: String, unit: String = "", key: String, range: ClosedRange<Double>, defaultValue: Double,
                step: ParameterStep, choices: [String] = []) {
        self.name = name; self.unit = unit; self.key = key; self.range = range
        self.defaultValue = defaultValue; self.step = step; self.choices = choices; self.value = defaultValue
    }

    /// The value after one press of the hotkey (`reverse` with Shift), clamped to ``range``, and
    /// whether the clamp applied (the HUD says so).
    public func stepped(reverse: Bool) -> (value: Double, clamped: Bool) {
        let raw: Double
        switch step {
        case .multiply(let f): raw = reverse ? value / f : value * f
        case .add(let d): raw = reverse ? value - d : value + d
        case .cycle:
            let n = range.upperBound - range.lowerBound + 1
            var v = value + (reverse ? -1 : 1)
            if v > range.upperBound { v -= n }
            if v < range.lowerBound { v += n }
            return (v, false)
        }
        // Round away binary noise so repeated presses stay readable (0.6 − 0.05 = 0.55, not 0.5499999).
        let rounded = (raw * 1e9).rounded() / 1e9
        let c = min(max(rounded, range.lowerBound), range.upperBound)
        return (c, c != rounded)
    }

    /// The value as the HUD shows it: a choice name, or a number with its unit.
    public var formatted: String {
        if !choices.isEmpty, let i = Int(exactly: value.rounded()), choices.indices.contains(i) { return choices[i] }
        let v = abs(value) >= 100 ? String(Int(value.rounded())) : String(format2(value))
        return unit.isEmpty ? v : "\(v) \(unit)"
    }
}

/// `v` with at most three decimals, trailing zeros trimmed ("8", "0.6", "0.002").
func format2(_ v: Double) -> String {
    var s = String((v * 1000).rounded() / 1000)
    if s.hasSuffix(".0") { s.removeLast(2) }
    return s
}
