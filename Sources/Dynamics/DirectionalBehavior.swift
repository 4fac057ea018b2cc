import Geometry

/// A behavior whose strength is one vector, which UIKit lets callers set as a vector or as an
/// angle and a magnitude: ``GravityBehavior`` (``GravityBehavior/gravityDirection``) and
/// ``PushBehavior`` (``PushBehavior/pushDirection``). The angle and magnitude forms are written
/// here once.
public protocol DirectionalBehavior: AnyObject {
    /// Direction and magnitude together (the behavior's own name for it is the UIKit one).
    var direction: Vector { get set }
}

extension DirectionalBehavior {
    /// The direction in radians from the positive x axis (clockwise on screen).
    public var angle: Double {
        get { direction.angle }
        set { direction = Vector(angle: newValue, magnitude: magnitude) }
    }

    /// The strength: the length of ``direction`` (units per behavior).
    public var magnitude: Double {
        get { direction.length }
        set { direction = Vector(angle: angle, magnitude: newValue) }
    }

    /// Sets angle (radians) and magnitude together.
    public func setAngle(_ angle: Double, magnitude: Double) {
        direction = Vector(angle: angle, magnitude: magnitude)
    }
}
