import Geometry
import LabUI

extension RunOptions {
    /// `--clean` in a frame of `size` points: the pixels of the scenes' area as the run starts
    /// (beside the HUD's column, below the title bar), which videos and screenshots keep; nil
    /// without `--clean` or in a window.
    package func cleanRegion(size: Size) -> (x: Int, y: Int, width: Int, height: Int)? {
        guard clean, headless else { return nil }
        let content = HUDLayout.contentFrame(in: size, expanded: size.width >= HUDLayout.collapseBelowWidth)
        let s = Double(scale)
        // Whole pixels inside the frame (the content frame is in points).
        let x0 = Int(saturating: (content.minX * s).rounded(.up)), y0 = Int(saturating: (content.minY * s).rounded(.up))
        let x1 = Int(saturating: (content.maxX * s).rounded(.down)), y1 = Int(saturating: (content.maxY * s).rounded(.down))
        // Even sizes: H.264 in yuv420p needs them.
        return (x0, y0, (x1 - x0) / 2 * 2, (y1 - y0) / 2 * 2)
    }
}
