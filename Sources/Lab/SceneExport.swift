import Animation
import Scenes

/// What the E key exports for a scene: the spring or curve its HUD plots, as the scene describes
/// it (``Scenes/Scene/motionExport``), written as code for every platform.
package enum SceneExport {
    /// The export of `scene`'s spring or curve, or nil when it has none.
    package static func export(of scene: any Scene) -> MotionExport? { scene.motionExport }

    /// The E key: writes `scene`'s spring or curve as code for every platform to standard output
    /// and, where the host has one (a windowed run; headless runs only print), to the clipboard.
    /// Returns the notice to show. A clipboard failure is one line on stderr; the code is still printed.
    package static func perform(_ scene: any Scene, services: LabServices) -> String {
        guard let export = export(of: scene) else { return "\(scene.name): no spring or curve to export" }
        let code = export.code()
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
        return notice(copied: copied)
    }

    /// The notice after an export: which formats went where.
    package static func notice(copied: Bool) -> String {
        let names = ExportFormat.allCases.map(\.displayName).joined(separator: ", ")
        return copied ? "copied \(names) to the clipboard" : "printed \(names) to standard output"
    }
}
