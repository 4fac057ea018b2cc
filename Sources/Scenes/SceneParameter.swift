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
    /// What the HUD row and the help card call it: the name, unless the scene gives a shorter
    /// one (the dynamics scene's `spring.frequency` shows as `frequency`).
    public let label: String
    /// The unit shown in the HUD ("Hz", "pt", ""), or empty.
    public let unit: String
    /// The hotkey, lower-case (`f`); Shift reverses the step. Empty: no hotkey and no HUD row
    /// (a value set another way, such as a timing curve's control point by the plot's handles).
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

    /// Creates a parameter at its default value, shown as `label` (default: its name).
    public init(name: String, label: String? = nil, unit: String = "", key: String, range: ClosedRange<Double>,
                defaultValue: Double, step: ParameterStep, choices: [String] = []) {
        self.name = name; self.label = label ?? name; self.unit = unit; self.key = key; self.range = range
        self.defaultValue = defaultValue; self.step = step; self.choices = choices; self.value = defaultValue
    }

    /// Whether the HUD shows the parameter as a row and a hotkey changes it (it has a key).
    public var showsRow: Bool { !key.isEmpty }

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

    /// The value as the HUD shows it: a choice name, or a number with its unit at the
    /// parameter's fixed precision (``decimals``), so values of one unit read alike ("8.00 Hz"
    /// beside "1.92 Hz", "0.30 s", "40 pt").
    public var formatted: String {
        if !choices.isEmpty, let i = Int(exactly: value.rounded()), choices.indices.contains(i) { return choices[i] }
        let v = fixed(value, decimals: decimals)
        return unit.isEmpty ? v : "\(v) \(unit)"
    }

    /// Digits after the point in ``formatted``: by unit (Hz and s: 2; pt: 0), else as fine as the
    /// hotkey's step (an added 0.05 shows 2, 0.0005 shows 4), and for multiplied values three
    /// significant digits.
    public var decimals: Int {
        switch unit {
        case "Hz", "s": return 2
        case "pt": return 0
        default: break
        }
        switch step {
        case .add(let d):
            var n = 0, x = abs(d)
            while n < 6 && abs(x - x.rounded()) > 1e-9 { x *= 10; n += 1 }
            return n
        case .multiply: return abs(value) >= 100 ? 0 : abs(value) >= 10 ? 1 : 2
        case .cycle: return 0
        }
    }
}

/// `v` with exactly `decimals` digits after the point ("8.00", "-0.50", "40"); no Foundation.
/// Values too large for that many digits (|v| · 10^decimals ≥ 9·10¹⁵) are written with an
/// exponent instead ("1.5e+20"): never an integer conversion that could trap.
package func fixed(_ v: Double, decimals: Int) -> String {
    guard v.isFinite else { return String(v) }
    let decimals = min(max(decimals, 0), 15)
    var p = 1.0
    for _ in 0..<decimals { p *= 10 }
    let scaled = (abs(v) * p).rounded()
    guard scaled < 9e15 else { return ParameterAssignment.spell(v) }
    let n = Int(scaled)
    let sign = v < 0 && n != 0 ? "-" : ""
    guard decimals > 0 else { return sign + String(n) }
    let whole = n / Int(p), frac = String(n % Int(p))
    return sign + String(whole) + "." + String(repeating: "0", count: decimals - frac.count) + frac
}
