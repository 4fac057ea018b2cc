/// A model value kept inline in its owner, with an ``AnimatableProperty`` made only when the value
/// is first changed inside an animations closure (or the property itself is asked for).
///
/// Why: a view has nine animatable values. As nine separate property objects, drawing or laying
/// out a screenful of cells touched about ten scattered heap objects per cell every frame, and
/// the frame's cost was mostly waiting for memory. Kept inline, a cell that never animates is one
/// object. Once made, the property is the value's only storage (an animator may change its model
/// when it stops), and behaves exactly as an ``AnimatableProperty`` always did.
public struct AnimatableSlot<Value: Interpolatable> {
    @usableFromInline var stored: Value
    @usableFromInline var box: AnimatableProperty<Value>?

    /// Holds `value`, with no property made yet.
    public init(_ value: Value) { stored = value }

    /// The model value.
    @inlinable public var value: Value {
        if let box { return box.model }
        return stored
    }

    /// The value on screen at the timeline's current time (the model when nothing animates it).
    @inlinable public var presentationValue: Value {
        if let box { return box.presentationValue }
        return stored
    }

    /// Whether an animator animates the value.
    @inlinable public var isAnimating: Bool { box?.isAnimating ?? false }

    /// Sets the model value; inside an animations closure the change animates (the property is
    /// made then, starting from the old value). Returns whether the value changed.
    @discardableResult
    public mutating func set(_ newValue: Value) -> Bool {
        if let box {
            guard newValue != box.model else { return false }
            box.value = newValue
            return true
        }
        guard newValue != stored else { return false }
        if AnimationCapture.active != nil {
            let property = AnimatableProperty(stored)
            box = property
            property.value = newValue
        } else {
            stored = newValue
        }
        return true
    }

    /// The animatable property behind the value, made on first use from the current value.
    public mutating func property() -> AnimatableProperty<Value> {
        if let box { return box }
        let property = AnimatableProperty(stored)
        box = property
        return property
    }
}
