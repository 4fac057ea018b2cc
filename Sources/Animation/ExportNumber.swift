import Geometry

/// Numbers as exported code spells them: plain decimals ("404.281", "0.000123", "-0.28"), never
/// an exponent, always a "." whatever the locale, trailing zeros trimmed ("1", not "1.000").
///
/// Written out digit by digit instead of with Foundation's `String(format:)` so that the library
/// needs no Foundation and the text is the same on every machine.
public enum ExportNumber {
    /// `value` rounded to `digits` significant digits (1…15; default 6, a relative error of at most
    /// 5·10⁻⁶, far below what any platform's animation can show). 0 and non-finite values give "0",
    /// "inf", "-inf" or "nan".
    public static func significant(_ value: Double, digits: Int = 6) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        guard value != 0 else { return "0" }
        let digits = Swift.min(Swift.max(digits, 1), 15)
        let magnitude = abs(value)
        var exponent = Int(floor(log10(magnitude)))
        // Scale so that the kept digits form an integer: 404.2813 with 6 digits → 404281.
        var scaled = scale(magnitude, by: digits - 1 - exponent)
        if scaled >= pow(10, Double(digits)) {
            // Rounding carried into a new digit (9.999996 → 10.0000).
            exponent += 1
            scaled = scale(magnitude, by: digits - 1 - exponent)
        }
        return spell(UInt64(scaled), pointAfter: exponent + 1, negative: value < 0)
    }

    /// `magnitude` × 10^`power`, rounded to an integer; in two steps when 10^`power` alone would
    /// overflow (subnormal magnitudes need powers above 308).
    private static func scale(_ magnitude: Double, by power: Int) -> Double {
        if power > 300 { return (magnitude * 1e300 * pow(10, Double(power - 300))).rounded() }
        return (magnitude * pow(10, Double(power))).rounded()
    }

    /// `value` rounded to `places` decimal places (0…15), trimmed: `decimals(0.12345, places: 4)`
    /// is "0.1235", `decimals(1.5, places: 4)` is "1.5". Used where an absolute error matters (the
    /// values of a CSS `linear()` easing).
    public static func decimals(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return significant(value) }
        let places = Swift.min(Swift.max(places, 0), 15)
        let scaled = (abs(value) * pow(10, Double(places))).rounded()
        guard scaled > 0 else { return "0" }
        guard scaled < 9e18 else { return significant(value, digits: 15) }
        let digitCount = String(UInt64(scaled)).count
        return spell(UInt64(scaled), pointAfter: digitCount - places, negative: value < 0)
    }

    /// `value` as a Kotlin `Float` literal ("0.6f", "1f", "-0.28f").
    public static func kotlinFloat(_ value: Double, digits: Int = 6) -> String {
        significant(value, digits: digits) + "f"
    }

    /// Writes the integer `digits` with a decimal point after `pointAfter` of its digits (which may
    /// be ≤ 0, giving leading zeros, or beyond its length, giving trailing zeros), then trims.
    private static func spell(_ digits: UInt64, pointAfter: Int, negative: Bool) -> String {
        let raw = Array(String(digits))
        var integer: String, fraction: String
        if pointAfter <= 0 {
            integer = "0"
            fraction = String(repeating: "0", count: -pointAfter) + String(raw)
        } else if pointAfter >= raw.count {
            integer = String(raw) + String(repeating: "0", count: pointAfter - raw.count)
            fraction = ""
        } else {
            integer = String(raw[..<pointAfter])
            fraction = String(raw[pointAfter...])
        }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        if integer.isEmpty { integer = "0" }
        let body = fraction.isEmpty ? integer : integer + "." + fraction
        return negative && body != "0" ? "-" + body : body
    }
}
