import Geometry
import Drawing
import LabUI

/// `--pointer`: where the pointer is, drawn into headless renders (a video has no cursor): a
/// ring, filled while a button is down, so a viewer sees where a press began and a drag went
/// (``LabUI/PointerMarker``, which the overlay also draws in scrubbed frames).
extension LabMoment {
    /// Appends the pointer marker at the last pointer position, if any, above the scenes and
    /// below the HUD.
    package func drawPointerMarker(into list: inout DisplayList) {
        guard let p = pointer else { return }
        PointerMarker.draw(at: p, pressed: isPointerDown, into: &list)
    }
}
