import Synchronization

/// How many ``AnimatableProperty`` values have an animation attached, in the whole process.
/// Views read it to skip looking for animations in their content when there are none at all.
public enum PropertyAnimationActivity {
    static let count = Atomic<Int>(0)
    /// Whether any property anywhere is being animated now.
    public static var isAnyPropertyAnimating: Bool { count.load(ordering: .relaxed) > 0 }
}

/// A value whose changes property animators can animate, like a view property in UIKit:
/// ``value`` is the model (it changes at once), ``presentationValue`` what is on screen at the
/// timeline's current time.
///
/// Setting ``value`` inside a `PropertyAnimator`'s animations closure animates the change from the
/// old value to the new one. Several animators on one property add up, as Core Animation's
/// additive animations do: `presented = model + Σ (old − new)·(1 − progress)`, so retargeting a
/// moving property never jumps. Setting ``value`` outside an animations closure changes the model
/// at once; animations already attached keep adding their offsets.
public final class AnimatableProperty<Value: Interpolatable> {
    @usableFromInline struct Contribution {
        @usableFromInline var from: Value
        @usableFromInline var to: Value
        @usableFromInline let group: AnimationGroup
    }

    // Inlinable fast path: views read `presentationValue` for every visible item every frame, and
    // a generic class read across modules would otherwise go through unspecialised witnesses.
    // `@exclusivity(unchecked)`: those inlined reads would each pay Swift's runtime exclusivity
    // check (about 5 ns), and no access to them is held across a call that could reach them again.
    @exclusivity(unchecked) @usableFromInline var model: Value
    /// Whether no animation is attached (kept in step with `contributions`).
    @exclusivity(unchecked) @usableFromInline var isIdle = true
    @exclusivity(unchecked) @usableFromInline var contributions: [Contribution] = [] {
        didSet {
            let idle = contributions.isEmpty
            if idle != isIdle { PropertyAnimationActivity.count.add(idle ? -1 : 1, ordering: .relaxed) }
            isIdle = idle
        }
    }

    /// Creates a property holding `value`, with no animation attached.
    public init(_ value: Value) { model = value }

    deinit { if !isIdle { PropertyAnimationActivity.count.subtract(1, ordering: .relaxed) } }

    /// The model value. Setting it inside an animator's animations closure animates the change
    /// (the model still changes at once); elsewhere it simply changes.
    public var value: Value {
        @inlinable get { model }
        set {
            if newValue != model, let capture = AnimationCapture.active {
                attach(from: model, to: newValue, group: capture.group)
            }
            model = newValue
        }
    }

    /// The value on screen at the timeline's current time: the model plus the offset of every
    /// animation attached. Without animations this is just ``value`` (no allocation, no work),
    /// so views can read it for every visible item every frame.
    @inlinable public var presentationValue: Value {
        if isIdle { return model }
        return composedPresentationValue()
    }

    @inlinable func composedPresentationValue() -> Value {
        var presented = model
        for c in contributions {
            presented = presented.addingDifference(c.from, c.to, scaledBy: 1 - c.group.progress)
        }
        return presented
    }

    /// Whether any animator is animating this property.
    @inlinable public var isAnimating: Bool { !isIdle }

    private func attach(from: Value, to: Value, group: AnimationGroup) {
        // Changing the same property twice in one closure animates from the first old value to
        // the last new one.
        if let i = contributions.firstIndex(where: { $0.group === group }) {
            contributions[i].to = to
            return
        }
        contributions.append(Contribution(from: from, to: to, group: group))
        group.targets.append(self)
    }
}

extension AnimatableProperty: AnimationTarget {
    func detach(_ group: AnimationGroup, atProgress q: Double) {
        guard let i = contributions.firstIndex(where: { $0.group === group }) else { return }
        let c = contributions.remove(at: i)
        if q == 1 { return }
        if q == 0 && model == c.to { model = c.from; return }  // the exact start value
        model = model.addingDifference(c.from, c.to, scaledBy: 1 - q)
    }
}
