import Geometry
import Dynamics

/// How far a two-item attachment has opened, and the worst over the frames sampled (issue 43's
/// "weld and pin open by at most 0.5 pt at every frame").
///
/// The gap is the distance between the joint's two attach points in world coordinates, points,
/// read from the attachment's ``Dynamics/AttachmentBehavior/debugShapes`` (its `.spring` runs
/// between them). For a weld the turn is the relative angle's drift from its value when the
/// opening was created, converted to points as the arc it moves a point at `halfSize` from the
/// centre: a weld that turns by 0.01 rad between two 60-pt squares opens their far corners by
/// about 0.3 pt.
public struct JointOpening {
    /// The most a weld or a pin may open at any frame of a drop or a flick, points (issue 43).
    public static let bound = 0.5
    /// The attachment measured.
    public let joint: AttachmentBehavior
    /// Where the turn is measured, points from an item's centre (a square's half-side).
    public let halfSize: Double
    /// The relative angle (first item's minus second's) at creation, radians; nil for a pin,
    /// which may turn.
    private let referenceAngle: Double?
    /// The worst gap sampled so far, points.
    public private(set) var worstGap = 0.0
    /// The worst turn sampled so far, points (0 for a pin).
    public private(set) var worstTurn = 0.0
    /// The frames sampled.
    public private(set) var samples = 0

    /// Measures `joint`, an attachment between two items (create it before the items move: a
    /// weld's relative angle is read now). `holdsAngle`: whether the relative angle counts (a
    /// weld) or not (a pin). `halfSize`: points.
    public init(_ joint: AttachmentBehavior, holdsAngle: Bool, halfSize: Double) {
        precondition(joint.items.count == 2, "JointOpening measures attachments between two items")
        self.joint = joint
        self.halfSize = halfSize
        referenceAngle = holdsAngle ? Self.relativeAngle(joint) : nil
    }

    static func relativeAngle(_ joint: AttachmentBehavior) -> Double {
        joint.items[0].transform.rotationAngle - joint.items[1].transform.rotationAngle
    }

    /// The distance between the two attach points now, points.
    public var gap: Double {
        guard case let .spring(from, to, _, _)? = joint.debugShapes.first else { preconditionFailure("an attachment draws its spring first") }
        return from.distance(to: to)
    }

    /// The relative angle's drift now as an arc at ``halfSize``, points (0 for a pin).
    public var turn: Double {
        guard let referenceAngle else { return 0 }
        return abs(remainder(Self.relativeAngle(joint) - referenceAngle, 2 * .pi)) * halfSize
    }

    /// The worse of ``gap`` and ``turn`` now, points.
    public var opening: Double { max(gap, turn) }

    /// The worst ``opening`` sampled, points.
    public var worst: Double { max(worstGap, worstTurn) }

    /// Samples the joint now (call once a frame).
    public mutating func sample() {
        worstGap = max(worstGap, gap)
        worstTurn = max(worstTurn, turn)
        samples += 1
    }
}
