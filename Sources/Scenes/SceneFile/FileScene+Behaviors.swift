import Geometry
import Dynamics

/// A file scene's behaviours (``SceneFileBehavior``) on its dynamic animator, in stage points (a
/// layer inside a group moves in its group's coordinates). Numbers that name a tunable are read
/// at its current value, and again whenever a tunable changes (``FileScene/tunablesChanged()``).
/// Angles go through ``SceneFileNumber/resolveAngle(_:)``: a tunable angle is in degrees.
extension FileScene {
    /// The ids of the layers the animator moves: those a behaviour names and those a pan drags,
    /// in first-mention order.
    static func dynamicLayerIDs(_ model: SceneFileModel) -> [String] {
        var ids: [String] = []
        var seen = Set<String>()
        func add(_ id: String) { if seen.insert(id).inserted { ids.append(id) } }
        for b in model.behaviors {
            switch b {
            case let .gravity(items, _, _), let .push(items, _, _, _): items.forEach(add)
            case let .collision(c): c.items.forEach(add)
            case let .attachment(a):
                add(a.item)
                if case let .layer(id, _) = a.target { add(id) }
            case let .snap(item, _, _): add(item)
            case let .field(f): f.items.forEach(add)
            case let .itemProperties(p): p.items.forEach(add)
            }
        }
        for g in model.gestures where g.kind == .pan { add(g.layer) }
        return ids
    }

    /// Adds the model's behaviours to the animator: first one item behaviour with UIKit's
    /// defaults over every dynamic layer (what a release's velocity is given through; the
    /// file's own item properties, added later, win), then each behaviour in file order.
    func buildBehaviors() {
        let dynamic = Self.dynamicLayerIDs(shown).compactMap { layersByID[$0] }
        let defaults = DynamicItemBehavior(items: dynamic)
        animator.addBehavior(defaults)
        motion = defaults
        for (index, b) in shown.behaviors.enumerated() { add(b, index: index) }
        applyBindings()
    }

    /// The layers named `ids` (the reader checked that each exists).
    func layers(_ ids: [String]) -> [FileLayer] { ids.compactMap { layersByID[$0] } }

    /// A number at the tunables' current values.
    func resolve(_ n: SceneFileNumber) -> Double { n.resolve(values) }

    private func add(_ behavior: SceneFileBehavior, index: Int) {
        switch behavior {
        case let .gravity(items, magnitude, angle):
            let g = GravityBehavior(items: layers(items))
            bind { [unowned self] in g.setAngle(angle.resolveAngle(values), magnitude: resolve(magnitude)) }
            animator.addBehavior(g)
        case let .collision(c):
            animator.addBehavior(collision(c))
        case let .attachment(a):
            guard let b = attachment(a) else { return }
            animator.addBehavior(b)
        case let .snap(item, point, damping):
            guard let layer = layersByID[item] else { return }
            let s = SnapBehavior(item: layer, snapTo: point)
            bind { [unowned self] in s.damping = resolve(damping) }
            animator.addBehavior(s)
        case let .push(items, continuous, magnitude, angle):
            let p = PushBehavior(items: layers(items), mode: continuous ? .continuous : .instantaneous)
            if continuous {
                bind { [unowned self] in p.setAngle(angle.resolveAngle(values), magnitude: resolve(magnitude)) }
            } else {
                // Set once here (it fires at the first step) and again each time it fires
                // (``firePush(_:)``): setting an instantaneous push's direction fires it.
                p.setAngle(angle.resolveAngle(values), magnitude: resolve(magnitude))
                instantPushes[index] = (p, magnitude, angle)
            }
            animator.addBehavior(p)
        case let .field(f):
            guard let field = field(f) else { return }
            animator.addBehavior(field)
        case let .itemProperties(p):
            let d = DynamicItemBehavior(items: layers(p.items))
            bind { [unowned self] in
                if let v = p.elasticity { d.elasticity = resolve(v) }
                if let v = p.friction { d.friction = resolve(v) }
                if let v = p.density { d.density = resolve(v) }
                if let v = p.resistance { d.resistance = resolve(v) }
                if let v = p.angularResistance { d.angularResistance = resolve(v) }
            }
            if let v = p.allowsRotation { d.allowsRotation = v }
            if let v = p.anchored { d.isAnchored = v }
            animator.addBehavior(d)
        }
    }

    /// Fires instantaneous push number `index` (a behaviour index) again, at the tunables' values now.
    func firePush(_ index: Int) {
        guard let (p, magnitude, angle) = instantPushes[index] else { return }
        p.active = false
        p.setAngle(angle.resolveAngle(values), magnitude: resolve(magnitude))
        p.active = true
    }

    private func collision(_ c: SceneFileCollision) -> CollisionBehavior {
        let b = CollisionBehavior(items: layers(c.items))
        switch c.mode {
        case .everything: b.collisionMode = .everything
        case .items: b.collisionMode = .items
        case .boundaries: b.collisionMode = .boundaries
        }
        if c.stageEdges { b.setTranslatesReferenceBoundsIntoBoundary(with: c.insets) }
        for (k, s) in c.segments.enumerated() { b.addBoundary(withIdentifier: "segment \(k)", from: s.0, to: s.1) }
        return b
    }

    /// The attachment `a` describes. A point target that needs a second item (fixed, pin,
    /// limit) gets an anchored point item there (``FileAnchor``).
    private func attachment(_ a: SceneFileAttachment) -> AttachmentBehavior? {
        guard let item = layersByID[a.item] else { return nil }
        let at = item.center + a.offset
        let b: AttachmentBehavior
        switch (a.target, a.kind) {
        case let (.point(p), .spring):
            b = AttachmentBehavior(item: item, offsetFromCenter: a.offset, attachedToAnchor: p)
        case let (.point(p), .sliding):
            b = AttachmentBehavior.slidingAttachment(with: item, attachmentAnchor: p, axisOfTranslation: a.axis)
        case let (.point(p), kind):
            let anchor = anchorItem(at: p)
            switch kind {
            case .fixed: b = AttachmentBehavior.fixedAttachment(with: item, attachedTo: anchor, attachmentAnchor: p)
            case .pin: b = AttachmentBehavior.pinAttachment(with: item, attachedTo: anchor, attachmentAnchor: p)
            default: b = AttachmentBehavior.limitAttachment(with: item, offsetFromCenter: a.offset, attachedTo: anchor, offsetFromCenter: .zero)
            }
        case let (.layer(id, toOffset), kind):
            guard let other = layersByID[id] else { return nil }
            switch kind {
            case .spring:
                b = AttachmentBehavior(item: item, offsetFromCenter: a.offset, attachedTo: other, offsetFromCenter: toOffset)
            case .fixed: b = AttachmentBehavior.fixedAttachment(with: item, attachedTo: other, attachmentAnchor: at)
            case .pin: b = AttachmentBehavior.pinAttachment(with: item, attachedTo: other, attachmentAnchor: other.center + toOffset)
            case .sliding:
                b = AttachmentBehavior.slidingAttachment(with: item, attachedTo: other, attachmentAnchor: at, axisOfTranslation: a.axis)
            case .limit:
                b = AttachmentBehavior.limitAttachment(with: item, offsetFromCenter: a.offset, attachedTo: other, offsetFromCenter: toOffset)
            }
        }
        if a.kind == .spring || a.kind == .limit {
            bind { [unowned self] in
                if let l = a.length { b.length = max(0, resolve(l)) }
                if a.kind == .spring {
                    b.frequency = max(0, resolve(a.frequency))
                    b.damping = max(0, resolve(a.damping))
                }
            }
        }
        return b
    }

    /// An anchored item at `point` (stage points) for an attachment to a point that needs two items.
    private func anchorItem(at point: Point) -> FileAnchor {
        let anchor = FileAnchor(center: point)
        let hold = DynamicItemBehavior(items: [anchor])
        hold.isAnchored = true
        animator.addBehavior(hold)
        return anchor
    }

    private func field(_ f: SceneFileField) -> FieldBehavior? {
        let kinds: [String: FieldBehavior.Kind] = [
            "linearGravity": .linearGravity, "radialGravity": .radialGravity, "spring": .spring, "drag": .drag,
            "velocity": .velocity, "vortex": .vortex, "noise": .noise, "turbulence": .turbulence,
            "electric": .electric, "magnetic": .magnetic,
        ]
        guard let kind = kinds[f.kind] else { return nil }
        let b = FieldBehavior(kind: kind)
        for layer in layers(f.items) { b.addItem(layer) }
        b.position = f.position
        b.direction = f.direction
        b.region = f.region.map { .circle(radius: $0) } ?? .infinite
        bind { [unowned self] in
            b.strength = resolve(f.strength)
            b.falloff = resolve(f.falloff)
            b.minimumRadius = resolve(f.minimumRadius)
            b.smoothness = min(max(resolve(f.smoothness), 0), 1)
            b.animationSpeed = resolve(f.animationSpeed)
        }
        return b
    }

    /// Keeps `apply` to run now and whenever a tunable changes.
    func bind(_ apply: @escaping () -> Void) { bindings.append(apply) }

    /// Runs every binding: the live behaviours take the tunables' current values.
    func applyBindings() { for b in bindings { b() } }
}

/// A fixed point a scene file's attachment holds on to when the attachment needs two items
/// (fixed, pin, limit to a point): an anchored item, never drawn.
final class FileAnchor: DynamicItem {
    /// Where it is, stage points (it never moves: it is anchored).
    var center: Point
    /// A point's size, 1 × 1 pt (it collides with nothing: no collision behaviour names it).
    let bounds = Rect(x: 0, y: 0, width: 1, height: 1)
    /// Never turned.
    var transform = AffineTransform.identity
    /// An anchor at `center` (stage points).
    init(center: Point) { self.center = center }
}
