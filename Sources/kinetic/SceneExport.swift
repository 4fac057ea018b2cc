import Foundation
import Geometry
import Animation
import Dynamics
import Scenes
import SDLBackend

/// What the E key exports for a scene: the spring or curve its HUD plots (``Scene/plot``), as a
/// ``MotionExport``.
///
/// - drag: a dragged 40×40 pt cell (density 1, so mass 40·40/10⁴ = 0.16 as in UIKit Dynamics)
///   hangs from four attachments of the scene's frequency f and damping ζ, centre to the corners
///   of a square; together they move it as one spring of √2·f and √2·ζ
///   (``RectangleAttachmentBehavior/combinedSpring(frequency:damping:)``), which is what the
///   timing forms reproduce; the `UIAttachmentBehavior` lines keep the per-attachment f and ζ.
/// - springy: each row (density 1, mass = width × 44 / 10⁴) hangs from one length-0 attachment
///   of f and ζ: exactly that spring.
/// - cards: the card animator's timing — its spring (mass, stiffness, damping, velocity) or its
///   cubic curve over the scene's `duration`.
/// - exchange (and any scene without a plot): nothing.
enum SceneExport {
    /// The export of `scene`'s spring or curve, or nil when it has none.
    static func export(of scene: any Scene) -> MotionExport? {
        switch scene.plot {
        case nil:
            return nil
        case .spring(let frequency, let dampingRatio)?:
            let size = itemSize(of: scene)
            // Density 1, as UIKit Dynamics and Kinetic default to: mass = area / 10⁴.
            let mass = Swift.max(size.width * size.height, 1) / 1e4
            let item = "\(short(size.width))×\(short(size.height)) pt, density 1, mass \(ExportNumber.significant(mass))"
            let perAttachment = "\(ExportNumber.significant(frequency)) Hz, ζ \(ExportNumber.significant(dampingRatio))"
            if scene.kind == .drag {
                let combined = RectangleAttachmentBehavior.combinedSpring(frequency: frequency, damping: dampingRatio)
                return MotionExport(
                    spring: SpringConversion(frequency: combined.frequency, dampingRatio: combined.dampingRatio, mass: mass),
                    attachment: MotionExport.Attachment(frequency: frequency, dampingRatio: dampingRatio,
                        arrangement: "four attachments per dragged cell, from its centre to the corners of a square around the pointer"),
                    origin: "Kinetic drag scene: a dragged cell (\(item)) on four \(perAttachment) attachments, "
                        + "which together act as one spring of √2·f and √2·ζ")
            }
            return MotionExport(
                spring: SpringConversion(frequency: frequency, dampingRatio: dampingRatio, mass: mass),
                attachment: MotionExport.Attachment(frequency: frequency, dampingRatio: dampingRatio,
                    arrangement: "one attachment of length 0 from each row to its resting place"),
                origin: "Kinetic \(scene.name) scene: a row (\(item)) on one \(perAttachment) attachment")
        case .timing(let timing, _)?:
            switch timing {
            case .spring(let spring):
                // Damping-ratio springs run over the animator's duration: export the spring it fits.
                let duration = scene.parameter("duration")?.value ?? 1
                let resolved = spring.resolved(forDuration: duration)
                return MotionExport(spring: SpringConversion(resolved),
                                    origin: "Kinetic \(scene.name) scene: the card animator's spring")
            case .cubic(let curve):
                let duration = scene.parameter("duration")?.value ?? 1
                return MotionExport(curve: curve, duration: duration,
                                    origin: "Kinetic \(scene.name) scene: the card animator's curve")
            }
        }
    }

    /// The size of the scene's dynamic items, points (the drag scene's cells, the springy
    /// scene's rows; UIKit's default 100×100, mass 1, for a scene this does not know).
    static func itemSize(of scene: any Scene) -> Size {
        if let drag = scene as? DragScene { return drag.layout.itemSize }
        if let springy = scene as? SpringyScene { return springy.layout.itemSize }
        return Size(width: 100, height: 100)
    }

    /// The E key: writes `scene`'s spring or curve as code for every platform to standard output
    /// and, when `toClipboard` (a windowed run; headless runs only print), to the clipboard.
    /// Returns the notice to show. A clipboard failure is one line on stderr; the code is still printed.
    static func perform(_ scene: any Scene, toClipboard: Bool) -> String {
        guard let export = export(of: scene) else { return "\(scene.name): no spring or curve to export" }
        let code = export.code()
        FileHandle.standardOutput.write(Data(code.utf8))
        var copied = false
        if toClipboard {
            do {
                try Clipboard.setText(code)
                copied = true
            } catch {
                warn("cannot copy to the clipboard: \(error.message)")
            }
        }
        return notice(copied: copied)
    }

    /// The notice after an export: which formats went where.
    static func notice(copied: Bool) -> String {
        let names = ExportFormat.allCases.map(\.displayName).joined(separator: ", ")
        return copied ? "copied \(names) to the clipboard" : "printed \(names) to standard output"
    }
}
