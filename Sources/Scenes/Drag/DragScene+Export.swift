import Animation
import Dynamics

extension DragScene {
    /// E: a dragged cell (40×40 pt at density 1, mass 0.16 as in UIKit Dynamics) hangs from four
    /// attachments of the scene's frequency f and damping ζ, centre to the corners of a square;
    /// together they move it as one spring of √2·f and √2·ζ
    /// (``RectangleAttachmentBehavior/combinedSpring(frequency:damping:)``), which is what the
    /// timing forms reproduce; the `UIAttachmentBehavior` lines keep the per-attachment f and ζ.
    public var motionExport: MotionExport? {
        let f = layout.frequency, zeta = layout.damping
        let item = AttachmentExport.item(layout.itemSize)
        let combined = RectangleAttachmentBehavior.combinedSpring(frequency: f, damping: zeta)
        return MotionExport(
            spring: SpringConversion(frequency: combined.frequency, dampingRatio: combined.dampingRatio, mass: item.mass),
            attachment: MotionExport.Attachment(frequency: f, dampingRatio: zeta,
                arrangement: "four attachments per dragged cell, from its centre to the corners of a square around the pointer"),
            origin: "Kinetic drag scene: a dragged cell (\(item.text)) on four \(AttachmentExport.text(frequency: f, dampingRatio: zeta)) "
                + "attachments, which together act as one spring of √2·f and √2·ζ")
    }

    /// The HUD plots what a dragged cell feels: the four springs at 45° act as one spring of
    /// √2·f and √2·ζ (the spring E exports), titled "step response · combined · 11.31 Hz · ζ
    /// 0.85" beside the rows' "corner frequency" and "corner damping" (one attachment's: issue
    /// 42, the two read alike otherwise; the title fills the HUD's column, so no more words). In
    /// the seed's shared square only a cell at the pointer feels that; farther cells swing
    /// slower, which the settling line after a release accounts for (``DragScene+Settling``).
    public var plot: ScenePlot? {
        let combined = RectangleAttachmentBehavior.combinedSpring(frequency: layout.frequency, damping: layout.damping)
        return .spring(frequency: combined.frequency, dampingRatio: combined.dampingRatio,
                       note: "combined")
    }

    /// The plotted spring is the cell's combined one: each attachment takes f / √2 and ζ / √2
    /// (``RectangleAttachmentBehavior/combinedSpring(frequency:damping:)`` undone).
    public func plottedSpringAssignments(frequency: Double, dampingRatio: Double) -> [ParameterAssignment] {
        [ParameterAssignment("frequency", frequency / 2.0.squareRoot()), ParameterAssignment("damping", dampingRatio / 2.0.squareRoot())]
    }
}
