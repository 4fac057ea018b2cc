import Foundation
import Geometry
import Animation
import Scenes

/// What `kinetic curve` prints of one timing curve: its title, the span sampled, the CSV rows
/// (`t,progress`), the code `--as` writes (``export``) and the dense samples a `--png` plot draws.
/// The executable parses the command line, prints and plots (the plot needs SDL).
package struct CurveReport {
    /// The plot's title: "cubic(0.17, 0.67, 0.76, 1)", a preset's name, "spring(m 1, k 200, c 20, ζ 0.7071)".
    package let title: String
    /// The span sampled, from 0: 1 (a time fraction) for a cubic curve, the settling duration in
    /// seconds for a spring.
    package let duration: Double
    /// The unit of ``duration``: "" (a fraction) or "s".
    package let unit: String
    /// Where the plot marks the settling, seconds (nil for a cubic curve).
    package let settling: Double?
    /// The curve as each platform's code.
    package let export: MotionExport
    /// A line for standard error before the output (a spring cut at the animator's cap), or nil.
    package var note: String?
    /// The progress at a point of ``duration``.
    package let progress: (Double) -> Double

    /// A curve as given.
    package init(title: String, duration: Double, unit: String, settling: Double?, export: MotionExport, note: String? = nil,
                 progress: @escaping (Double) -> Double) {
        self.title = title; self.duration = duration; self.unit = unit; self.settling = settling
        self.export = export; self.note = note; self.progress = progress
    }

    /// A cubic Bézier, sampled over a time fraction of 1, exported as an animation of
    /// `duration` seconds; titled with its control points unless `title` is given.
    package static func cubic(_ curve: CubicTimingParameters, title: String? = nil, duration: Double) -> CurveReport {
        let p1 = curve.controlPoint1, p2 = curve.controlPoint2
        return CurveReport(title: title ?? "cubic(\([p1.x, p1.y, p2.x, p2.y].map { fmt($0) }.joined(separator: ", ")))",
                           duration: 1, unit: "", settling: nil, export: MotionExport(curve: curve, duration: duration)) { curve.progress(at: $0) }
    }

    /// A spring's step response over its settling duration (cut at the animator's cap, with a
    /// ``note`` saying so). Throws the spring's ``TimingParametersError`` when it cannot be built.
    package static func spring(_ conversion: SpringConversion) throws -> CurveReport {
        let spring = try SpringTimingParameters(validatingMass: conversion.mass, stiffness: conversion.stiffness, damping: conversion.damping,
                                                initialVelocity: Vector(dx: conversion.initialVelocity, dy: conversion.initialVelocity))
        let d = spring.settlingDuration
        let note = spring.isSettlingDurationCapped
            ? "kinetic: note: this spring settles in \(readableDuration(spring.uncappedSettlingDuration)); "
                + "the curve is cut at \(readableDuration(d)), as an animator would cut it\n"
            : nil
        return CurveReport(title: "spring(m \(fmt(spring.mass)), k \(fmt(spring.stiffness)), c \(fmt(spring.damping)), ζ \(fmt(spring.dampingRatio)))",
                           duration: d, unit: "s", settling: d, export: MotionExport(spring: SpringConversion(spring)), note: note) {
            spring.progress(atTime: $0)
        }
    }

    /// What `kinetic curve import` read: a spring, or a curve over the duration the text gave (1 s
    /// otherwise, with a ``note`` saying it was assumed). Throws a ``KineticError`` for a curve duration outside a millisecond to an
    /// hour, and the spring's error when it cannot be built.
    package static func imported(_ motion: ImportedMotion) throws -> CurveReport {
        switch motion {
        case .spring(let spring):
            return try Self.spring(spring)
        case .curve(let curve, let duration):
            // As --duration of the other curves (MotionImport refuses others; checked again, as
            // every curve command checks it).
            if let d = duration, !MotionImport.curveDurationRange.contains(d) {
                throw KineticError("the curve's duration must be between 0.001 and 3600 seconds, got \(ExportNumber.significant(d, digits: 12))")
            }
            // A platform's documented default is read as the duration (SwiftUI's 0.35 s); a text
            // without one still plots and exports, over 1 s, and says so.
            var report = cubic(curve, duration: duration ?? 1)
            if duration == nil { report.note = "kinetic: note: the text gives no duration and its platform documents none; 1 s is assumed\n" }
            return report
        }
    }

    /// The Core Animation presets `kinetic curve preset` takes, by lower-cased name.
    package static let presets: [String: CubicTimingParameters] = [
        "linear": CubicTimingParameters(animationCurve: .linear),
        "easein": CubicTimingParameters(animationCurve: .easeIn),
        "easeout": CubicTimingParameters(animationCurve: .easeOut),
        "easeinout": CubicTimingParameters(animationCurve: .easeInOut),
        "default": CubicTimingParameters(),
    ]

    /// The `t,progress` rows (a header, then `samples` rows evenly spaced over ``duration``).
    package func csv(samples: Int) -> String {
        var rows = "t,progress\n"
        for i in 0..<samples {
            let t = duration * Double(i) / Double(samples - 1)
            rows += "\(fmt(t)),\(fmt(progress(t)))\n"
        }
        return rows
    }

    /// The plot's line: 401 samples over ``duration``, dense whatever `--samples` was.
    package var plotSamples: [Point] {
        (0...400).map { i -> Point in
            let t = duration * Double(i) / 400
            return Point(x: t, y: progress(t))
        }
    }

    /// The plot's x-axis label: the span to three decimals, with its unit.
    package var axisLabel: String { "\(short(duration))\(unit.isEmpty ? "" : " " + unit)" }
    /// The plot's settling marker and its label, or nil.
    package var marker: (Double, String)? { settling.map { ($0, "settles \(short($0)) s") } }
}

/// A number with up to three decimals, for labels.
package func short(_ v: Double) -> String { fmt((v * 1000).rounded() / 1000) }

/// A number with up to six decimals, trailing zeros trimmed ("0.129162", "1", "0.5").
package func fmt(_ v: Double) -> String {
    if v == 0 { return "0" }
    var s = String(format: "%.6f", v)
    while s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }
    return s == "-0" ? "0" : s
}
