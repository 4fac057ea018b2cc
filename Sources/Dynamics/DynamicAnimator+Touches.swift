import Geometry

/// A touch the collision delegate has heard begin and not yet end, named by identity: a rebuild
/// renumbers bodies and collision groups, so the index-keyed ``ContactKey`` cannot outlive it.
struct HeldTouch {
    /// The collision behavior that reported it.
    var behavior: ObjectIdentifier
    /// The item, and the other item (nil for a boundary).
    var a: ObjectIdentifier, b: ObjectIdentifier?
    /// The boundary segment's index in the behavior's segments (boundary touches only).
    var segment: Int
    /// Where it touched, points.
    var point: Point
}

extension DynamicAnimator {
    /// The touches of the last step by identity, read before a rebuild. Without them a rebuild
    /// (adding a drag's attachment, changing a material) forgot every touch: one still going on
    /// was heard to begin a second time, one ending after it never ended (UIKit calls each once).
    func heldTouches() -> [HeldTouch] {
        world.contactsLastStep.compactMap { key, point in
            let g = Int(key.group)
            guard g < world.collisionGroups.count, let behavior = world.collisionGroups[g].behavior else { return nil }
            let a = ObjectIdentifier(world.items[Int(key.a)])
            return key.b >= 0
                ? HeldTouch(behavior: ObjectIdentifier(behavior), a: a, b: ObjectIdentifier(world.items[Int(key.b)]), segment: 0, point: point)
                : HeldTouch(behavior: ObjectIdentifier(behavior), a: a, b: nil, segment: Int(-1 - key.b), point: point)
        }
    }

    /// Keys `touches` by the rebuilt world's indices as the last step's touches; a touch whose
    /// behavior, item or boundary segment is gone is dropped without an end call.
    func restoreTouches(_ touches: [HeldTouch]) {
        guard !touches.isEmpty else { return }
        var groups: [ObjectIdentifier: Int] = [:]
        for (g, group) in world.collisionGroups.enumerated() {
            if let behavior = group.behavior { groups[ObjectIdentifier(behavior)] = g }
        }
        for touch in touches {
            guard let g = groups[touch.behavior], let a = world.indexByItem[touch.a] else { continue }
            let key: ContactKey
            if let other = touch.b {
                guard let b = world.indexByItem[other] else { continue }
                key = ContactKey(group: Int32(g), a: Int32(min(a, b)), b: Int32(max(a, b)))
            } else {
                guard touch.segment < world.collisionGroups[g].segments.count else { continue }
                key = ContactKey(group: Int32(g), a: Int32(a), b: Int32(-1 - touch.segment))
            }
            world.contactsLastStep[key] = touch.point
        }
    }
}
