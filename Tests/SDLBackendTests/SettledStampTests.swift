import Testing
import Geometry
import Drawing
@testable import SDLBackend

/// Exact stamps for shapes at rest only (``ShapeAtlas/mayMakeStamp(_:height:radius:offsetX:offsetY:at:_:)``):
/// a shape that moves asks for a new stamp every frame and is drawn from a stand-in; one that
/// stays at the same pixel two frames running gets its exact stamp at the start of the next
/// frame (``ShapeAtlas/beginFrame()``, before anything is drawn), a few a frame. And a quad
/// that asks for the nearest texel joins a bilinear batch of its texture (``Renderer/use(_:smooth:)``).
/// In the serialized SDL suite (the atlas needs a renderer).
extension SDLTests {
    @Test func aMovingShapeNeverGetsAnExactStampAndOneAtRestGetsItTheNextFrame() throws {
        let c = try canvas()
        defer { withExtendedLifetime(c) {} }
        let atlas = c.renderer.shapes
        // A 20-pixel circle falling a third of a pixel a frame: a new fraction or pixel each time.
        for frame in 0..<12 {
            atlas.beginFrame()
            let y = 30 + Double(frame) / 3
            let py = Int(y.rounded(.down)), fy = Int(((y - y.rounded(.down)) * 16).rounded())
            #expect(!atlas.mayMakeStamp(320, height: 320, radius: 160, offsetX: 0, offsetY: fy, at: 40, py), "frame \(frame)")
        }
        // Stopped: asked at the same pixel in two frames running, it is made as the next frame begins.
        atlas.beginFrame()
        #expect(!atlas.mayMakeStamp(320, height: 320, radius: 160, offsetX: 4, offsetY: 8, at: 40, 50))
        atlas.beginFrame()
        #expect(!atlas.mayMakeStamp(320, height: 320, radius: 160, offsetX: 4, offsetY: 8, at: 40, 50))
        let resetsBefore = atlas.resets
        atlas.beginFrame()
        #expect(atlas.mayMakeStamp(320, height: 320, radius: 160, offsetX: 4, offsetY: 8, at: 40, 50))
        #expect(atlas.resets == resetsBefore)
        // Made, it is there for any shape at any pixel, at once.
        atlas.beginFrame()
        #expect(atlas.mayMakeStamp(320, height: 320, radius: 160, offsetX: 4, offsetY: 8, at: 300, 7))
        // The same stamp asked at another pixel the frame before does not count as at rest.
        atlas.beginFrame()
        #expect(!atlas.mayMakeStamp(320, height: 320, radius: 160, offsetX: 5, offsetY: 8, at: 10, 10))
        atlas.beginFrame()
        #expect(!atlas.mayMakeStamp(320, height: 320, radius: 160, offsetX: 5, offsetY: 8, at: 11, 10))
    }

    @Test func onlyAFewShapesThatCameToRestGetStampsInOneFrame() throws {
        let c = try canvas()
        defer { withExtendedLifetime(c) {} }
        let atlas = c.renderer.shapes
        let n = ShapeAtlas.settledStampsPerFrame + 3
        // Asked for in reverse, in two frames: the first asked for are made first.
        for _ in 0..<2 {
            atlas.beginFrame()
            for i in (0..<n).reversed() { #expect(!atlas.mayMakeStamp(160, height: 160, radius: 80, offsetX: i, offsetY: 0, at: 20 * i, 0)) }
        }
        atlas.beginFrame()
        let granted = (0..<n).filter { atlas.mayMakeStamp(160, height: 160, radius: 80, offsetX: $0, offsetY: 0, at: 20 * $0, 0) }
        #expect(granted == Array(n - ShapeAtlas.settledStampsPerFrame..<n))
        // The rest, still asked for where they were, get theirs as the next frame begins.
        atlas.beginFrame()
        for i in 0..<n {
            #expect(atlas.mayMakeStamp(160, height: 160, radius: 80, offsetX: i, offsetY: 0, at: 20 * i, 0), "\(i)")
        }
    }

    @Test func aNearestQuadJoinsABilinearBatchOfItsTexture() throws {
        let c = try canvas()
        defer { withExtendedLifetime(c) {} }
        let r = c.renderer
        guard let atlas = r.shapes.texture else { Issue.record("no atlas texture"); return }
        r.use(atlas, smooth: true)
        r.tess.addRect(x0: 0, y0: 0, x1: 4, y1: 4, u0: 0, v0: 0, u1: 0, v1: 0, color: Renderer.sdlColor(.white))
        r.use(atlas, smooth: false)
        #expect(r.tess.smooth && r.tess.indices.count == 6)   // still one batch
        // An empty batch takes the sampling asked for.
        r.flush()
        r.use(atlas, smooth: false)
        #expect(!r.tess.smooth)
        // And a bilinear quad after nearest ones starts a batch of its own.
        r.tess.addRect(x0: 0, y0: 0, x1: 4, y1: 4, u0: 0, v0: 0, u1: 0, v1: 0, color: Renderer.sdlColor(.white))
        r.use(atlas, smooth: true)
        #expect(r.tess.smooth && r.tess.isEmpty)
    }
}
