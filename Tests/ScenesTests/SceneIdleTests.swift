import Testing
import Geometry
import Scenes

/// `Scene.needsFrame`, the app's idle decision, for each scene driven in-process: at rest a scene
/// needs no frame (and a frame would change nothing); input that sets something moving makes it
/// need frames until the motion ends.
@Suite struct SceneIdleTests {
    /// What a frame shows of the scene: every visible item's geometry and look, as text.
    static func picture(_ s: any Scene) -> [String] {
        s.dump().items.map { "\($0.indexPath) \($0.label) \($0.frame) \($0.alpha) \($0.rotation) \($0.hidden) \($0.zIndex)" }
    }

    /// Expects `s` to need no frame, and 30 more frames to change nothing it shows.
    static func expectIdle(_ s: any Scene, _ d: SceneDriver, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!s.needsFrame, sourceLocation: sourceLocation)
        let before = picture(s)
        d.run(0.5)
        #expect(picture(s) == before, "a frame changed the picture of a scene at rest", sourceLocation: sourceLocation)
        #expect(!s.needsFrame, sourceLocation: sourceLocation)
    }

    /// Steps until the scene needs no frame, expecting it to need one on every frame before;
    /// returns the seconds it took (nil after `limit`).
    static func settle(_ s: any Scene, _ d: SceneDriver, limit: Double = 10) -> Double? {
        d.run(until: limit) { !s.needsFrame }
    }

    @Test func dragSceneIsIdleUntilALongPressAndDragThenUntilTheFlockSettles() throws {
        let (s, d, _) = DragSceneTests.sceneWithSelection()
        #expect(Self.settle(s, d) != nil)
        Self.expectIdle(s, d)
        // The press: the long press waits for its deadline.
        d.down(DragSceneTests.pressPoint)
        #expect(s.needsFrame)
        d.run(0.3)
        #expect(s.needsFrame && !s.isDragging)
        d.run(0.3)
        #expect(s.isDragging)
        d.drag(from: DragSceneTests.pressPoint, by: DragSceneTests.dragBy, steps: 10)
        #expect(s.needsFrame)
        // Held still: the flock swings into place, then nothing moves while the button stays down.
        let held = try #require(Self.settle(s, d))
        #expect(held > 0.2)
        #expect(s.isDragging)
        Self.expectIdle(s, d)
        // Released: the flock flies home; the scene needs frames until it rests and the drag clears.
        let end = Point(x: DragSceneTests.pressPoint.x + DragSceneTests.dragBy.dx, y: DragSceneTests.pressPoint.y + DragSceneTests.dragBy.dy)
        d.up(end); d.step()
        #expect(s.needsFrame)
        let home = try #require(Self.settle(s, d))
        #expect(home > 0.2)
        #expect(!s.isDragging)
        Self.expectIdle(s, d)
    }

    @Test func springySceneRestsOnceItsSpringsSleepAndWakesForTheWheel() throws {
        let s = SpringyScene(items: 1000, size: Size(width: 1280, height: 800))
        let d = SceneDriver(s)
        #expect(Self.settle(s, d) != nil)
        Self.expectIdle(s, d)
        _ = s.handle(.wheel(Point(x: 640, y: 400), delta: Vector(dx: 0, dy: -5), at: d.time))
        #expect(s.needsFrame)
        let t = try #require(Self.settle(s, d))
        #expect(t > 0.2)
        Self.expectIdle(s, d)
    }

    @Test func cardsSceneNeedsFramesWhileACardAnimates() throws {
        let s = CardsScene(size: Size(width: 1280, height: 800))
        let d = SceneDriver(s)
        Self.expectIdle(s, d)
        let middle = CardsSceneTests.middle
        d.down(middle); d.step(); d.up(middle)
        #expect(s.needsFrame)
        let t = try #require(Self.settle(s, d))
        // The 0.3 s expansion (the tap's release starts it).
        #expect(t >= 0.29 && t < 0.5)
        #expect(s.expandedIndexPath != nil && s.expansion == 1)
        Self.expectIdle(s, d)
    }

    @Test(arguments: [SceneVariant.seed, .refined])
    func exchangeSceneNeedsFramesThroughACatchTheFlightAndTheCancelReload(variant: SceneVariant) throws {
        let s = ExchangeScene(size: Size(width: 1280, height: 800))
        s.variant = variant
        let d = SceneDriver(s)
        Self.expectIdle(s, d)
        let ana = ExchangeSceneTests.center(s, "Ana"), ines = ExchangeSceneTests.center(s, "Ines")
        d.down(ana)
        #expect(s.needsFrame)                    // the 0.15 s long press is pending
        d.run(0.15)
        #expect(s.controller.isExchangeTransactionInProgress && s.needsFrame)
        d.move(ines); d.step()
        d.run(1)
        // An item is held: refined may auto-scroll; the seed never scrolls, so a still hold rests.
        #expect(s.needsFrame == (variant == .refined))
        d.up(ines); d.step()
        #expect(s.needsFrame)                    // flight, blink, fade
        let flight = try #require(Self.settle(s, d))
        #expect(flight > 0.5)
        #expect(s.snapshot == nil)
        Self.expectIdle(s, d)
        // Escape cancels a catch: the restoring exchange animates (refined), and the reload follows
        // 0.5 s later (in the seed, the first change on screen).
        d.down(ines); d.run(0.15)
        d.move(ana); d.step()
        #expect(d.key("escape"))
        #expect(s.controller.pendingReloadDelay != nil && s.needsFrame)
        let reload = try #require(Self.settle(s, d))
        #expect(reload >= 0.49)
        #expect(s.controller.pendingReloadDelay == nil)
        d.up(ana); d.step()
        Self.expectIdle(s, d)
    }
}
