/// The material and motion settings a ``DynamicItemBehavior`` gives its items, as one value: the
/// behavior compiles it into each item's body (``BodyInfo/material``) in one assignment. Defaults
/// are UIKit's (see ``DynamicItemBehavior`` for units).
struct ItemMaterial {
    var elasticity = 0.0
    var friction = 0.0
    var density = 1.0
    var resistance = 0.0
    var angularResistance = 0.0
    var allowsRotation = true
    var isAnchored = false
    var charge = 0.0
}
