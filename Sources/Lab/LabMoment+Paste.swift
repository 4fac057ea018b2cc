import Scenes
import Animation

/// Ctrl+V (issue 28 part 3): a spring or curve copied from any platform's code — what `E` and
/// `kinetic curve --as` print, or hand-written UIKit, SwiftUI, CSS, Android, Compose,
/// framer-motion or react-spring — read by ``Animation/MotionImport`` and set as the tuned
/// half's motion. The shell reads the clipboard and logs the pasted text (``LabSession/paste(_:)``),
/// so a recording replays the same import.
extension LabMoment {
    /// Imports `text` into the tuned half (its spring, or its cubic curve), with a notice of what
    /// was set or of why nothing was: text no platform writes that way, or a motion the scene
    /// does not have (a curve pasted into a scene of springs, a spring into the exchange scene).
    /// Returns whether the reader read a spring or curve in `text` (set or refused by the scene).
    @discardableResult
    func paste(_ text: String) -> Bool {
        let half = tunedHalf, s = scene(ofHalf: half)
        let imported: ImportedMotion
        do { imported = try MotionImport.parse(text) } catch {
            overlay.notice("Ctrl+V: \(error)", at: now)
            return false
        }
        if let format = ExportFormat(recognizing: text) { noteExportFormat(format) }
        // Exactly or not at all, as a typed value: a spring or curve the scene's parameters cannot
        // hold is refused with the range, never clamped into another motion.
        do {
            switch imported {
            case .spring(let spring):
                guard try s.importSpring(spring) else {
                    overlay.notice("Ctrl+V: the \(s.name) scene has no spring to set (its motion is a timing curve)", at: now)
                    return true
                }
                capture(half: half)
                overlay.notice(halfPrefix(half) + "pasted a spring: \(Self.two(spring.frequency)) Hz, ζ \(Self.two(spring.dampingRatio))", at: now)
            case let .curve(curve, duration):
                guard try s.importCurve(curve, duration: duration) else {
                    overlay.notice("Ctrl+V: the \(s.name) scene has no timing curve to set", at: now)
                    return true
                }
                capture(half: half)
                let p1 = curve.controlPoint1, p2 = curve.controlPoint2
                let over = duration.map { " over \(Self.two($0)) s" } ?? ""
                overlay.notice(halfPrefix(half) + "pasted cubic (\(Self.two(p1.x)), \(Self.two(p1.y)), \(Self.two(p2.x)), \(Self.two(p2.y)))\(over)", at: now)
            }
        } catch {
            overlay.notice("Ctrl+V: not set, the \(s.name) scene cannot hold it: \(error)", at: now)
        }
        return true
    }
}
