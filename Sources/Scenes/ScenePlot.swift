import Geometry
import Animation

/// The HUD's plot for a scene: the step response of its spring, or its timing curve.
public enum ScenePlot: Sendable, Equatable {
    /// The response of the spring an item feels (frequency in Hz, damping ratio), as UIKit
    /// Dynamics' attachments define them; `note` names what it is of when it is not one
    /// attachment ("combined": the drag scene's cell on its four attachments, whose combined
    /// frequency and ratio these are).
    case spring(frequency: Double, dampingRatio: Double, note: String? = nil)
    /// A property animator's timing curve (progress over the fraction of its duration; for a
    /// spring with its own parameters, of its settling duration), and where the animator is on
    /// it: x = its time fraction, y = its progress, nil when no animator exists.
    case timing(TimingParameters, position: Point?)
}
