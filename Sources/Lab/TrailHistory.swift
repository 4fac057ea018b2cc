import Geometry
import Drawing

/// Trails (onion skin, the `N` key): where the moving items were over the last frames, drawn as
/// fading outlines behind where they are now, so a flick's arc, a flock's lag or a card's path
/// stays on screen to study.
///
/// Every ``sampleEvery`` frames it keeps the items' frames (window points); it draws, for each of
/// the last ``samples`` kept, the outline of every item that has since moved more than half a
/// point, older ones fainter. At most ``maximumItems`` items per sample are drawn, so a screenful
/// of moving cells costs a bounded number of strokes.
package struct TrailHistory {
    /// Frames between two samples (3: at 60 Hz the trail spans 8 × 3 frames, 0.4 s).
    package static let sampleEvery = 3
    /// Samples kept and drawn.
    package static let samples = 8
    /// Items drawn per sample, at most.
    package static let maximumItems = 300

    /// The kept samples, oldest first, each in the scene's order (so what is drawn, and which
    /// items a full sample leaves out, is the same every run).
    private(set) var history: [[(indexPath: IndexPath, frame: Rect)]] = []
    private var frame = 0

    /// An empty history.
    package init() {}

    /// Whose items the samples are (a new scene, or a scene reopened, starts the trails again).
    private var owner: ObjectIdentifier?

    /// Records one frame of the scene `owner`: every ``sampleEvery``-th call keeps its item
    /// `frames` (read only then).
    package mutating func record(_ frames: @autoclosure () -> [(indexPath: IndexPath, frame: Rect)], of owner: ObjectIdentifier) {
        if owner != self.owner { history.removeAll(); frame = 0; self.owner = owner }
        defer { frame += 1 }
        guard frame % Self.sampleEvery == 0 else { return }
        if history.count == Self.samples { history.removeFirst() }
        history.append(frames())
    }

    /// Appends the outlines of moved items to `list` (window points, z `z`): of each sample, the
    /// items whose frame now (`current`) differs from it by more than half a point.
    package func draw(current: [(indexPath: IndexPath, frame: Rect)], of owner: ObjectIdentifier, into list: inout DisplayList, z: Int) {
        guard !history.isEmpty, owner == self.owner else { return }
        var now: [IndexPath: Rect] = [:]
        now.reserveCapacity(current.count)
        for (ip, r) in current { now[ip] = r }
        for (age, sample) in history.enumerated() {
            // The newest sample strongest; the oldest almost gone.
            let alpha = 0.12 + 0.6 * Double(age + 1) / Double(history.count)
            let color = Color(red: 0.35, green: 0.8, blue: 1, alpha: alpha)
            var drawn = 0
            for (ip, was) in sample {
                guard drawn < Self.maximumItems else { break }
                // An item gone from view has moved too: its last place is still worth showing.
                if let r = now[ip], abs(r.minX - was.minX) <= 0.5, abs(r.minY - was.minY) <= 0.5,
                   abs(r.width - was.width) <= 0.5, abs(r.height - was.height) <= 0.5 { continue }
                let corners = [Point(x: was.minX, y: was.minY), Point(x: was.maxX, y: was.minY),
                               Point(x: was.maxX, y: was.maxY), Point(x: was.minX, y: was.maxY)]
                list.append(.stroke(points: corners, closed: true, width: 1.5, color: color), z: z)
                drawn += 1
            }
        }
    }
}
