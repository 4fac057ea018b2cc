import Testing
import Foundation
import Geometry
import Drawing
import Gestures
import Scenes
@testable import Lab

/// Issue 39 part 4, compare on one recorded gesture: B opens as a copy of A at that moment
/// (selection, line-up, scroll, open card, demo, what moves), so that the same input drives both
/// halves from the same state; and opening B while A's cells fly home leaves no holes in A.
@Suite struct CompareOnOneGestureTests {
    static let interval = 1.0 / 60

    /// `n` frames of the host's clock, each drawn (drawing lays the views out).
    static func frames(_ s: LabSession, _ n: Int, each: () -> Void = {}) {
        for _ in 0..<n {
            s.now += interval
            s.step(realDt: interval)
            var list = DisplayList()
            s.drawScenes(into: &list)
            each()
        }
    }

    static func pointer(_ s: LabSession, _ phase: PointerEvent.Phase, _ p: Point) {
        s.dispatch(.pointer(PointerEvent(phase, location: p, timestamp: s.now)))
    }

    static func key(_ s: LabSession, _ k: String) {
        s.dispatch(.key(KeyEvent(.down, key: k, timestamp: s.now)))
    }

    static func click(_ s: LabSession, _ p: Point, each: () -> Void = {}) {
        pointer(s, .down, p); frames(s, 3, each: each); pointer(s, .up, p); frames(s, 3, each: each)
    }

    /// A press at `p` held `hold` frames, dragged to `q` over `n` frames, released unless `release` is false.
    static func drag(_ s: LabSession, from p: Point, to q: Point, hold: Int = 40, frames n: Int = 24, release: Bool = true,
                     each: () -> Void = {}) {
        pointer(s, .down, p); frames(s, hold, each: each)
        for i in 1...n {
            let f = Double(i) / Double(n)
            pointer(s, .moved, Point(x: p.x + (q.x - p.x) * f, y: p.y + (q.y - p.y) * f)); frames(s, 1, each: each)
        }
        if release { pointer(s, .up, q); frames(s, 1, each: each) }
    }

    /// Where the item `item` of A's collection view rests, window points.
    static func cellCenter(_ scene: any Scene, _ item: Int) throws -> Point {
        let ip = Geometry.IndexPath(item: item, section: 0)
        if let d = scene as? DragScene { return d.collectionView.convert(try #require(d.layout.restingFrame(for: ip)).center, to: nil) }
        if let e = scene as? ExchangeScene {
            return e.collectionView.convert(try #require(e.layout.layoutAttributesForItem(at: ip)).center, to: nil)
        }
        let c = try #require(scene as? CardsScene)
        return c.collectionView.convert(try #require(c.layout.layoutAttributesForItem(at: ip)).center, to: nil)
    }

    /// The largest difference between A's and B's item frames, B's taken relative to its half
    /// (points; infinity when they show different items), and how many items they show.
    static func difference(_ s: LabSession) -> (worst: Double, count: Int, why: String) {
        guard let b = s.compareHalf?.scene else { return (.infinity, 0, "no B") }
        let shift = s.halfFrames[1].origin - s.halfFrames[0].origin
        let fa = Dictionary(s.scene.itemFrames.map { ($0.indexPath, $0.frame) }, uniquingKeysWith: { a, _ in a })
        let fb = Dictionary(b.itemFrames.map { ($0.indexPath, $0.frame) }, uniquingKeysWith: { a, _ in a })
        guard Set(fa.keys) == Set(fb.keys) else {
            let onlyA = Set(fa.keys).subtracting(fb.keys).map(\.item).sorted(), onlyB = Set(fb.keys).subtracting(fa.keys).map(\.item).sorted()
            return (.infinity, fa.count, "A alone shows \(onlyA.prefix(8)), B alone \(onlyB.prefix(8))")
        }
        var worst = 0.0
        for (ip, f) in fa {
            let g = fb[ip]!
            worst = max(worst, abs(g.minX - shift.dx - f.minX), abs(g.minY - shift.dy - f.minY),
                        abs(g.width - f.width), abs(g.height - f.height))
        }
        return (worst, fa.count, "")
    }

    /// Records the worst difference between the halves over every frame it is called in.
    final class Watch {
        var worst = 0.0, frames = 0, why = ""
        let s: LabSession
        init(_ s: LabSession) { self.s = s }
        func check() {
            let d = difference(s)
            if d.worst > worst { worst = d.worst; why = "frame \(frames): \(d.why)" }
            frames += 1
        }
    }

    // MARK: Drag

    /// Three cells selected in A, dragged and released; B opens while they fly home: it has the
    /// selection and the flock where A's is, moving as A's does; then one more long-press drag
    /// moves the same three cells in both halves, equal to 1e-9 at every frame.
    @Test(arguments: [SceneVariant.seed, .refined]) func dragSelectionAndFlightGoToB(variant: SceneVariant) throws {
        let s = try openedSession { $0.scene = .drag; $0.variant = variant }
        for i in [0, 1, 2] { Self.click(s, try Self.cellCenter(s.scene, i)) }
        let start = try Self.cellCenter(s.scene, 0)
        Self.drag(s, from: start, to: Point(x: start.x + 200, y: start.y + 300))
        Self.frames(s, 10)
        let a = try #require(s.scene as? DragScene)
        #expect(a.isDragging && a.layout.isReturning, "the flock flies home")
        Self.key(s, "b")
        let b = try #require(s.compareHalf?.scene as? DragScene)
        #expect(b.collectionView.indexPathsForSelectedItems == a.collectionView.indexPathsForSelectedItems)
        #expect(b.collectionView.indexPathsForSelectedItems.count == 3)
        #expect(b.isDragging && b.layout.isReturning, "B takes over the flock in flight")
        let watch = Watch(s)
        Self.frames(s, 240, each: watch.check)
        #expect(!a.isDragging && !b.isDragging)
        let p = try Self.cellCenter(s.scene, 1)
        var moved = 0
        Self.drag(s, from: p, to: Point(x: p.x + 120, y: p.y + 200), release: false) {
            watch.check()
            moved = max(moved, a.layout.draggedIndexPaths.count)
            #expect(a.layout.draggedIndexPaths == b.layout.draggedIndexPaths)
        }
        Self.pointer(s, .up, Point(x: p.x + 120, y: p.y + 200))
        Self.frames(s, 120, each: watch.check)
        #expect(moved == 3)
        #expect(watch.worst <= 1e-9, "worst \(watch.worst) pt over \(watch.frames) frames; \(watch.why)")
    }

    /// B opens while A's flock is held by the pointer: B's copy follows the same pointer until
    /// that press ends, and both fly home alike.
    @Test func aHeldFlockFollowsThePointerInB() throws {
        let s = try openedSession { $0.scene = .drag; $0.variant = .refined }
        for i in [3, 4, 20] { Self.click(s, try Self.cellCenter(s.scene, i)) }
        let p = try Self.cellCenter(s.scene, 3)
        Self.drag(s, from: p, to: Point(x: p.x + 100, y: p.y + 150), release: false)
        Self.key(s, "b")
        let watch = Watch(s)
        for i in 1...20 {
            Self.pointer(s, .moved, Point(x: p.x + 100 - Double(i) * 3, y: p.y + 150 + Double(i) * 5))
            Self.frames(s, 1, each: watch.check)
        }
        Self.pointer(s, .up, Point(x: p.x + 40, y: p.y + 250))
        Self.frames(s, 240, each: watch.check)
        let a = try #require(s.scene as? DragScene), b = try #require(s.compareHalf?.scene as? DragScene)
        #expect(!a.isDragging && !b.isDragging)
        #expect(watch.worst <= 1e-9, "worst \(watch.worst) pt over \(watch.frames) frames; \(watch.why)")
    }

    /// The holes (issue 39): ten cells fly home when B opens (or closes) and A's grid is laid out
    /// at another width; each must come home to its place in the new grid, not to where its place
    /// was before. Without the fix the flock flew to its old places (the seed's far cells swung
    /// there for tens of seconds), leaving its new places empty, then jumped when it landed.
    @Test(arguments: [SceneVariant.seed, .refined]) func openingOrClosingBMidFlightLeavesNoHoles(variant: SceneVariant) throws {
        for closing in [false, true] {
            let s = try openedSession { $0.scene = .drag; $0.variant = variant }
            if closing { Self.key(s, "b"); Self.frames(s, 2) }
            for i in 0..<10 { Self.click(s, try Self.cellCenter(s.scene, i * 2)) }
            let p = try Self.cellCenter(s.scene, 0)
            Self.drag(s, from: p, to: Point(x: p.x + 150, y: p.y + 250))
            Self.frames(s, 8)
            let a = try #require(s.scene as? DragScene)
            #expect(a.layout.isReturning)
            let label = "\(variant) \(closing ? "closing" : "opening") B"
            Self.key(s, "b")
            #expect((s.compareHalf == nil) == closing)
            // Each frame: where the dragged cells are shown; at the frame the drag clears, none may jump.
            var last: [Geometry.IndexPath: Rect] = [:]
            var jump = 0.0, framesToLand = 0
            for _ in 0..<(variant == .seed ? 3600 : 600) where a.isDragging {
                Self.frames(s, 1)
                framesToLand += 1
                let shown = Dictionary(a.itemFrames.map { ($0.indexPath, $0.frame) }, uniquingKeysWith: { x, _ in x })
                if !a.isDragging {
                    for (ip, f) in last { if let g = shown[ip] { jump = max(jump, (g.center - f.center).length) } }
                } else {
                    last = shown.filter { a.layout.draggedIndexPaths.contains($0.key) }
                }
            }
            // The refined flock lands within 10 s; the seed's far cells may still swing (for tens of
            // seconds, as in the source), but around their new places: each is nearer its own place
            // than half a cell, so no place is empty.
            if variant == .refined { #expect(!a.isDragging, "\(label): the flock landed") }
            #expect(jump < 0.5, "\(label): cells jumped \(jump) pt when the flock landed after \(framesToLand) frames")
            var farthest = 0.0
            for (ip, f) in a.itemFrames {
                let home = a.collectionView.convert(try #require(a.layout.restingFrame(for: ip)), to: nil)
                farthest = max(farthest, (f.center - home.center).length)
            }
            #expect(farthest < (variant == .refined ? 1e-6 : 25), "\(label): a cell is \(farthest) pt from its place after \(framesToLand) frames")
        }
    }

    // MARK: Springy

    /// A wheel turn in A, B opened while the rows still lag and the list coasts, then another
    /// turn: both halves show the same rows at the same places at every frame.
    @Test func springyScrollAndLagGoToB() throws {
        let s = try openedSession { $0.scene = .springy; $0.variant = .refined }
        let p = Point(x: 200, y: 600)
        func wheel(_ dy: Double) { s.dispatch(.scroll(ScrollEvent(location: p, delta: Vector(dx: 0, dy: dy), timestamp: s.now))) }
        for _ in 0..<4 { wheel(-3); Self.frames(s, 2) }
        Self.frames(s, 3)
        #expect(s.scene.needsFrame, "the rows still move")
        func lag() throws -> Double {
            let layout = try #require(s.scene as? SpringyScene).layout
            return layout.springs.values.map { abs(($0.items.first?.center.y ?? 0) - $0.anchorPoint.y) }.max() ?? 0
        }
        let lagBefore = try lag()
        Self.key(s, "b")
        // A's split keeps its rows' lag (it used to stop every row dead at its place).
        let lagAfter = try lag()
        #expect(lagBefore > 1 && lagAfter == lagBefore, "lag \(lagBefore) pt before B, \(lagAfter) after")
        let watch = Watch(s)
        Self.frames(s, 20, each: watch.check)
        for _ in 0..<4 { wheel(2); Self.frames(s, 2, each: watch.check) }
        Self.frames(s, 120, each: watch.check)
        let a = try #require(s.scene as? SpringyScene), b = try #require(s.compareHalf?.scene as? SpringyScene)
        #expect(a.collectionView.contentOffset == b.collectionView.contentOffset && a.collectionView.contentOffset.y > 0)
        #expect(watch.worst <= 1e-9, "worst \(watch.worst) pt over \(watch.frames) frames; \(watch.why)")
    }

    // MARK: Cards

    /// A card opened in A is open in B; B opened while A's card still opens takes the open card
    /// (its resting target); then a scrub down on it closes both alike.
    @Test(arguments: [false, true]) func cardsOpenCardGoesToB(midAnimation: Bool) throws {
        let s = try openedSession { $0.scene = .cards; $0.variant = .refined }
        let a = try #require(s.scene as? CardsScene)
        Self.click(s, try Self.cellCenter(a, 0))
        Self.frames(s, midAnimation ? 2 : 60)
        #expect((a.animator != nil) == midAnimation)
        Self.key(s, "b")
        let b = try #require(s.compareHalf?.scene as? CardsScene)
        #expect(b.expandedIndexPath == a.expandedIndexPath && b.expandedIndexPath != nil)
        Self.frames(s, 60)
        #expect(a.animator == nil && b.animator == nil && b.expansion == 1 && a.expansion == 1)
        let watch = Watch(s)
        let p = Point(x: s.halfFrames[0].midX, y: s.halfFrames[0].midY)
        Self.drag(s, from: p, to: Point(x: p.x, y: p.y + 160), hold: 2, frames: 12, each: watch.check)
        Self.frames(s, 90, each: watch.check)
        #expect(a.expandedIndexPath == nil && b.expandedIndexPath == nil, "the scrub closed both")
        #expect(watch.worst <= 1e-9, "worst \(watch.worst) pt over \(watch.frames) frames; \(watch.why)")
    }

    // MARK: Exchange

    /// An exchange in A, then B: B has A's line-up; the next exchange in both halves alike.
    @Test func exchangeLineUpGoesToB() throws {
        let s = try openedSession { $0.scene = .exchange; $0.variant = .refined }
        let a = try #require(s.scene as? ExchangeScene)
        Self.drag(s, from: try Self.cellCenter(a, 0), to: try Self.cellCenter(a, 2), hold: 20, frames: 12)
        Self.frames(s, 60)
        let before = ExchangeModel.sample
        #expect(a.model != before, "A's exchange changed its line-up")
        Self.key(s, "b")
        let b = try #require(s.compareHalf?.scene as? ExchangeScene)
        #expect(b.model == a.model)
        Self.frames(s, 2)
        let watch = Watch(s)
        Self.drag(s, from: try Self.cellCenter(a, 1), to: try Self.cellCenter(a, 3), hold: 20, frames: 12, each: watch.check)
        Self.frames(s, 90, each: watch.check)
        #expect(b.model == a.model)
        #expect(watch.worst <= 1e-9, "worst \(watch.worst) pt over \(watch.frames) frames; \(watch.why)")
    }

    // MARK: Dynamics

    /// Two demos: a square dragged (attachments) or snapped (snap) in A, then B, then the same
    /// gesture in both halves: their items agree at every frame.
    @Test(arguments: ["attachments", "snap"]) func dynamicsDemoGoesToB(demo: String) throws {
        let s = try openedSession { $0.scene = .dynamics; $0.demo = demo }
        func square() throws -> Point { try #require(s.scene.itemFrames.first).frame.center }
        func gesture(each: () -> Void = {}) throws {
            let p = try square()
            if demo == "snap" { Self.click(s, Point(x: p.x + 120, y: p.y + 90), each: each) }
            else { Self.drag(s, from: p, to: Point(x: p.x + 90, y: p.y + 60), hold: 2, frames: 12, each: each) }
        }
        try gesture()
        Self.frames(s, 5)
        Self.key(s, "b")
        let b = try #require(s.compareHalf?.scene as? DynamicsScene)
        #expect(b.demoName == demo)
        let watch = Watch(s)
        try gesture(each: watch.check)
        Self.frames(s, 120, each: watch.check)
        #expect(watch.worst <= 1e-9, "\(demo): worst \(watch.worst) pt over \(watch.frames) frames; \(watch.why)")
    }

    /// A's dynamics bodies in motion at the moment B adopts them go on in B exactly: their state
    /// (``Dynamics/DynamicAnimator/adoptMotion(of:)``: centres, velocities, sleep and the
    /// contacts' warm start), in a B laid out as A is (the gravity demo: squares falling onto
    /// the floor and each other).
    @Test func dynamicsBodiesInMotionGoToB() throws {
        let s = try openedSession { $0.scene = .dynamics; $0.demo = "gravity" }
        let a = try #require(s.scene as? DynamicsScene)
        let b = DynamicsScene(demo: "gravity", size: Size(width: 1280, height: 800))
        b.resize(to: Size(width: 1280, height: 800), contentFrame: s.halfFrames[0])
        Self.frames(s, 40)
        #expect(a.status.animatorRunning)
        b.adoptState(of: a)
        for _ in 0..<120 {
            Self.frames(s, 1)
            b.update(time: s.now, dt: Self.interval)
        }
        let fa = a.dump().dynamicItems, fb = b.dump().dynamicItems
        #expect(fa.count == fb.count && !fa.isEmpty)
        for (x, y) in zip(fa, fb) { #expect(x.frame == y.frame && x.velocity == y.velocity) }
    }

    // MARK: Replay

    /// A session that presses B while A's flock flies home, then drags again in both halves,
    /// dumps byte for byte what a fresh session replaying its log dumps (the timeline rebuilds
    /// moments that way).
    @Test(arguments: [SceneKind.drag, .springy, .cards, .exchange, .dynamics]) func aReplayPressingBMidMotionDumpsTheSame(kind: SceneKind) throws {
        var lines: [ScriptLine] = []
        switch kind {
        case .drag:
            lines += TimelineContractTests.click(Point(x: 25, y: 55), at: 0.1) + TimelineContractTests.click(Point(x: 149, y: 55), at: 0.3)
            lines += TimelineContractTests.drag(from: Point(x: 25, y: 55), to: Point(x: 300, y: 400), at: 0.5, hold: 0.6)
            lines.append(TimelineContractTests.key("b", at: 1.62))
            lines += TimelineContractTests.drag(from: Point(x: 25, y: 55), to: Point(x: 200, y: 300), at: 2.5, hold: 0.6)
        case .springy:
            for i in 0..<5 {
                lines.append(.input(.scroll(ScrollEvent(location: Point(x: 200, y: 600), delta: Vector(dx: 0, dy: -3), timestamp: 0.2 + Double(i) * 0.03))))
            }
            lines.append(TimelineContractTests.key("b", at: 0.4))
            lines += TimelineContractTests.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 200), at: 0.8, hold: 0.05)
        case .cards:
            lines += TimelineContractTests.click(Point(x: 490, y: 415), at: 0.2)
            lines.append(TimelineContractTests.key("b", at: 0.35))
            lines += TimelineContractTests.drag(from: Point(x: 245, y: 415), to: Point(x: 245, y: 600), at: 1.2, hold: 0.05)
        case .dynamics:
            lines += TimelineContractTests.drag(from: Point(x: 490, y: 415), to: Point(x: 600, y: 500), at: 0.2, hold: 0.05)
            lines.append(TimelineContractTests.key("b", at: 0.7))
            lines += TimelineContractTests.drag(from: Point(x: 245, y: 415), to: Point(x: 300, y: 300), at: 1.2, hold: 0.05)
        default:
            lines += TimelineContractTests.drag(from: Point(x: 84, y: 94), to: Point(x: 376, y: 94), at: 0.2, hold: 0.3)
            lines.append(TimelineContractTests.key("b", at: 1.02))
            lines += TimelineContractTests.drag(from: Point(x: 84, y: 94), to: Point(x: 230, y: 156), at: 1.6, hold: 0.3)
        }
        let path = try TimelineContractTests.write(lines)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let configure: (inout LabConfiguration) -> Void = { $0.scene = kind; $0.variant = .refined; if kind == .dynamics { $0.demo = "attachments" } }
        let s = try openedSession { configure(&$0); $0.script = path }
        let end = (lines.map(\.timestamp).max() ?? 0) + 2
        var frame = 0
        while Double(frame) * Self.interval < end {
            frame += 1
            s.now = Double(frame) * Self.interval
            s.deliverScript(upTo: s.hostNow)
            s.step(realDt: Self.interval)
            var list = DisplayList()
            s.drawScenes(into: &list)
        }
        #expect(s.compareHalf != nil)
        let shown = s.dumpJSON().compactText
        let replayed = try TimelineContractTests.straightReplay(try #require(s.log).lines, configure)
        #expect(shown == replayed, "\(kind)")
    }
}
