// CONTRACT STUB — the Animation issue completes this module; keep the public API.

/// A value whose changes can be animated by property animators: `value` is the model (changes at
/// once), `presentationValue` what is on screen now.
public final class AnimatableProperty<Value: Interpolatable> {
    /// Creates a property holding `value`.
    public init(_ value: Value) { self.value = value }
    /// The model value. Setting it inside an animator's animations closure animates the change.
    public var value: Value
    /// The value on screen at the current time of the animating timelines.
    public var presentationValue: Value { value }
}
