import Geometry

/// A behavior that contributes to a ``DynamicAnimator`` (UIKit's `UIDynamicBehavior`); subclass it
/// to build composites from child behaviors.
///
/// The animator compiles the whole behavior tree into flat solver arrays whenever the tree or a
/// behavior's configuration changes; the change takes effect on the next ``DynamicAnimator/step(_:)``.
open class DynamicBehavior: DebugDrawable {
    /// Creates an empty behavior.
    public init() {}

    /// The behaviors this one is composed of, in the order they were added.
    @exclusivity(unchecked) public private(set) var childBehaviors: [DynamicBehavior] = []

    /// Adds a child; if this behavior is in an animator, the child joins it on the next step.
    public func addChildBehavior(_ behavior: DynamicBehavior) {
        guard !childBehaviors.contains(where: { $0 === behavior }) else { return }
        childBehaviors.append(behavior)
        if let animator = dynamicAnimator { behavior.move(to: animator) }
        setNeedsRebuild()
    }

    /// Removes a child (and its own children) from this behavior and its animator.
    public func removeChildBehavior(_ behavior: DynamicBehavior) {
        guard let index = childBehaviors.firstIndex(where: { $0 === behavior }) else { return }
        childBehaviors.remove(at: index)
        if dynamicAnimator != nil { behavior.move(to: nil) }
        setNeedsRebuild()
    }

    /// Run after every step while the animator is running (UIKit's `action`).
    public var action: (() -> Void)? { didSet { dynamicAnimator?.actionsDidChange() } }

    /// The animator this behavior is in, or nil. (No runtime exclusivity check on it or on
    /// ``childBehaviors``: adding, configuring and compiling thousands of behaviors reads them for
    /// each one.)
    @exclusivity(unchecked) public internal(set) weak var dynamicAnimator: DynamicAnimator?

    /// Called just before the behavior joins an animator, or leaves it (with nil).
    open func willMove(to animator: DynamicAnimator?) {}

    /// Lends `body` an ``AnchorMover`` for this behavior's animator, looked up once: a composite
    /// behavior moves many attachments' anchors with it as cheaply as one (no lookup or array per
    /// attachment). Returns what `body` returns.
    public func moveAnchors<Result>(_ body: (borrowing AnchorMover) throws -> Result) rethrows -> Result {
        try body(AnchorMover(solver: dynamicAnimator?.compiledSolver))
    }

    /// This behavior's own debug geometry (not its children's). Subclasses describe themselves;
    /// ``DynamicAnimator/debugShapes`` walks the whole tree.
    open var debugShapes: [DebugShape] { [] }

    // MARK: Solver hooks (internal)

    /// The items this behavior moves (each gets one body in the animator).
    var solverItems: [any DynamicItem] { [] }

    /// Sets per-body materials (only ``DynamicItemBehavior``), before masses are computed.
    func compileMaterials(into solver: SolverContext) {}

    /// Adds forces, constraint rows, fields or collision groups.
    func compile(into solver: SolverContext) {}

    /// Asks the animator to recompile before its next step.
    func setNeedsRebuild() { dynamicAnimator?.setNeedsRebuild() }

    /// Moves this behavior and its descendants to `animator`.
    func move(to animator: DynamicAnimator?) {
        willMove(to: animator)
        dynamicAnimator = animator
        for child in childBehaviors { child.move(to: animator) }
    }
}
