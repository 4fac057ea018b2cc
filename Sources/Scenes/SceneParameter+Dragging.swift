import Geometry

/// A parameter changed by hand in the HUD (a drag along its row, the wheel over it, or a typed
/// value), as number fields in Figma and Blender change: the same steps as the hotkey, spread
/// over the pointer's travel.
extension SceneParameter {
    /// Points of horizontal drag per hotkey step; ten times as many with Shift (finer).
    public static let pointsPerStep = 8.0

    /// The value after a horizontal drag of `dx` points (right raises it) that began at `start`:
    /// one hotkey step per ``pointsPerStep`` points (a tenth of a step with `fine`, Shift), so a
    /// multiplied value changes by the same factor for the same travel at any size and an added
    /// one by the same amount. A choice moves one place per three steps' travel, wrapping. The
    /// result is clamped to ``range`` and rounded to what the row shows (one more digit when
    /// `fine`), so the row and `E`'s export read the same number.
    public func dragged(from start: Double, by dx: Double, fine: Bool) -> Double {
        let steps = dx / Self.pointsPerStep / (fine ? 10 : 1)
        switch step {
        case .cycle:
            let n = range.upperBound - range.lowerBound + 1
            var v = start + (steps / 3).rounded(.towardZero)
            v = range.lowerBound + ((v - range.lowerBound).truncatingRemainder(dividingBy: n) + n).truncatingRemainder(dividingBy: n)
            return v
        case .multiply(let f):
            return shown(start * pow(f, steps), extraDigit: fine)
        case .add(let d):
            return shown(start + d * steps, extraDigit: fine)
        }
    }

    /// `v` clamped to ``range`` and rounded to the digits the row shows at that value
    /// (``decimals``), plus one with `extraDigit`.
    public func shown(_ v: Double, extraDigit: Bool = false) -> Double {
        var probe = self
        probe.value = min(max(v, range.lowerBound), range.upperBound)
        var p = 1.0
        for _ in 0..<(probe.decimals + (extraDigit ? 1 : 0)) { p *= 10 }
        let rounded = (probe.value * p).rounded() / p
        return min(max(rounded, range.lowerBound), range.upperBound)
    }

    /// Why `text`, typed into the row, cannot be the value, or nil when it can: it must be a
    /// finite number (a comma may stand for the point) within ``range``. The reason is short
    /// enough for the row and names the range ("outside 0.1…20 Hz").
    public func refusal(ofTyped text: String) -> String? {
        guard let v = Self.number(typed: text) else { return "not a number: " + rangeText }
        return range.contains(v) ? nil : "outside " + rangeText
    }

    /// The number `text` spells ("1.5", "1,5", "-2", ".5"), or nil.
    public static func number(typed text: String) -> Double? {
        let t = String(text.map { $0 == "," ? "." : $0 })
        guard !t.isEmpty, let v = Double(t), v.isFinite else { return nil }
        return v
    }

    /// The allowed values as people read them: "0.1…20 Hz", "0…1".
    public var rangeText: String {
        func plain(_ v: Double) -> String { ParameterAssignment.spell(v) }
        return "\(plain(range.lowerBound))…\(plain(range.upperBound))\(unit.isEmpty ? "" : " " + unit)"
    }
}
