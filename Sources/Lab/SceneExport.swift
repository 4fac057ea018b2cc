import Animation
import Scenes

/// What the E key exports for a scene: the spring or curve its HUD plots, as the scene describes
/// it (``Scenes/Scene/motionExport``), written as code for every platform, the one last used
/// first (issue 41: ``LabMoment/lastExportFormat``).
package enum SceneExport {
    /// The export of `scene`'s spring or curve, or nil when it has none.
    package static func export(of scene: any Scene) -> MotionExport? { scene.motionExport }

    /// The code E writes for `scene`: every platform's, `first`'s section first (nil: in
    /// ``Animation/ExportFormat`` order), or nil when the scene has no spring or curve.
    package static func code(of scene: any Scene, first: ExportFormat?) -> String? {
        export(of: scene)?.code(for: ExportFormat.order(first: first))
    }

    /// What E says for a scene with no spring or curve.
    package static func nothingToExport(_ scene: any Scene) -> String { "\(scene.name): no spring or curve to export" }

    /// The E key: writes `scene`'s spring or curve as code for every platform, `first`'s section
    /// first (nil: in ``Animation/ExportFormat`` order), to standard output and, where the host
    /// has one (a windowed run; headless runs only print), to the clipboard. Returns the notice to
    /// show. A clipboard failure is one line on stderr; the code is still printed.
    package static func perform(_ scene: any Scene, first: ExportFormat? = nil, services: LabServices) -> String {
        guard let code = code(of: scene, first: first) else { return nothingToExport(scene) }
        services.print(code)
        var copied = false
        if let copy = services.copyToClipboard {
            do {
                try copy(code)
                copied = true
            } catch {
                services.warn("cannot copy to the clipboard: \(error)")
            }
        }
        return notice(copied: copied, first: first)
    }

    /// The notice after an export: which formats went where, in their order ("copied SwiftUI
    /// first, then UIKit, CSS, Android, Compose, web to the clipboard"; without `first`, the
    /// formats in ``Animation/ExportFormat`` order).
    package static func notice(copied: Bool, first: ExportFormat? = nil) -> String {
        let order = ExportFormat.order(first: first).map(\.displayName)
        let names = first == nil ? order.joined(separator: ", ") : "\(order[0]) first, then " + order.dropFirst().joined(separator: ", ")
        return copied ? "copied \(names) to the clipboard" : "printed \(names) to standard output"
    }
}
