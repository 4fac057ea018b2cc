import Geometry
import Animation

/// What an exported attachment spring says about the item it moves (the drag scene's cells, the
/// springy scene's rows): UIKit Dynamics' mass at density 1 and the attachment's own values.
enum AttachmentExport {
    /// The mass of an item of `size` points at density 1, as UIKit Dynamics and Kinetic default to
    /// (area / 10⁴: a 100×100 item has mass 1), and the item in words for the export's origin line.
    static func item(_ size: Size) -> (mass: Double, text: String) {
        let mass = max(size.width * size.height, 1) / 1e4
        let w = ExportNumber.decimals(size.width, places: 3), h = ExportNumber.decimals(size.height, places: 3)
        return (mass, "\(w)×\(h) pt, density 1, mass \(ExportNumber.significant(mass, digits: 4))")
    }

    /// One attachment's frequency (Hz) and damping ratio in words.
    static func text(frequency: Double, dampingRatio: Double) -> String {
        "\(ExportNumber.significant(frequency, digits: 4)) Hz, ζ \(ExportNumber.significant(dampingRatio, digits: 4))"
    }
}
