import Geometry
import Dynamics

/// What a file scene reports of its layers: the HUD's status line, the dump, the trails' frames.
extension FileScene {
    /// The animator's figures, with the layers and the animations in flight in words.
    public var status: SceneStatus {
        let behaviors = DebugOverlay.countBehaviors(animator.behaviors)
        let flying = gestures.reduce(0) { n, g in n + g.animations.filter { $0.animator != nil }.count }
        var line = "\(layers.count) layer\(layers.count == 1 ? "" : "s") · \(animator.isRunning ? "running" : "at rest")"
            + " · \(behaviors) behavior\(behaviors == 1 ? "" : "s")"
        if flying > 0 { line += " · \(flying) animation\(flying == 1 ? "" : "s")" }
        return SceneStatus(animatorRunning: animator.isRunning || flying > 0,
                           itemsInMotion: animator.isRunning ? animator.awakeItemCount : 0, behaviors: behaviors, detail: statusLine(line))
    }

    /// `layer`'s presented frame before its rotation, window points (its size scaled as its
    /// parents and the stage scale it).
    func windowFrame(of layer: FileLayer) -> Rect {
        let b = layer.presentationBounds
        let parent = layer.superview ?? stage
        let c = parent.convert(layer.presentationCenter, to: nil)
        let s = (parent.convert(Point(x: 1, y: 0), to: nil) - parent.convert(Point.zero, to: nil)).length
        return Rect(center: c, size: Size(width: b.width * s, height: b.height * s))
    }

    /// Every layer's frame, window points, in the model's order.
    public var itemFrames: [(indexPath: IndexPath, frame: Rect)] {
        layers.enumerated().map { (IndexPath(item: $0.offset, section: 0), windowFrame(of: $0.element)) }
    }

    /// One item per layer (label: its id; z: its file z) in the model's order, the animator's
    /// items (the layers it moves) with their motion, and the title.
    public func dump() -> SceneDump {
        let items = layers.enumerated().map { i, l in
            SceneDump.Item(indexPath: IndexPath(item: i, section: 0), label: l.spec.id, frame: windowFrame(of: l),
                           alpha: l.presentationAlpha, zIndex: l.spec.z, rotation: l.presentationTransform.rotationAngle)
        }
        var dump = SceneDump(animatorRunning: animator.isRunning, items: items, fields: [("title", .string(shown.title))])
        dump.dynamicItems = layers.enumerated().compactMap { i, l in
            guard isDynamic(l) else { return nil }
            return SceneDump.DynamicItemState(indexPath: IndexPath(item: i, section: 0), frame: windowFrame(of: l),
                                              rotation: l.transform.rotationAngle, velocity: animator.linearVelocity(for: l),
                                              angularVelocity: animator.angularVelocity(for: l))
        }
        return dump
    }

    /// Whether the animator moves `layer`.
    func isDynamic(_ layer: FileLayer) -> Bool {
        motion?.items.contains { $0 === layer } ?? false
    }
}
