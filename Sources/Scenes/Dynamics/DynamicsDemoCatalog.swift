/// The dynamics scene's demos in arrow-key order: the view controllers of Apple's UIKit Dynamics
/// Catalog (iOS 7), one file each, then iOS 9's attachment kinds, fields, collision bounds shapes
/// and item groups, then the 500-item stress pile. A demo joins by adding its file and its type here; the keys,
/// `--demo`, the help card, `--params` and `--dump` all follow this list.
enum DynamicsDemoCatalog {
    /// Every demo, in order (← and → step through it, wrapping).
    static var all: [any DynamicsDemo.Type] {
        [GravityDemo.self, CollisionDemo.self, SpringDemo.self, AttachmentsDemo.self, SnapDemo.self,
         PushDemo.self, ContinuousPushDemo.self, PendulumDemo.self, ItemPropertiesDemo.self, CustomItemDemo.self,
         JointsDemo.self, FieldsDemo.self, ShapesDemo.self, GroupDemo.self, StressDemo.self]
    }

    /// The command-line names, in order.
    static var names: [String] { all.map { $0.name } }

    /// The index in ``all`` of the demo called `name`, or nil.
    static func index(of name: String) -> Int? { all.firstIndex { $0.name == name } }
}
