import Testing
@testable import SDLBackend

/// A whole shadow keeps only the rows and columns with a texel that is not clear
/// (``ShapeAtlas/shadowAlpha(width:height:radius:sigma:opacity:)``): a clear texel blended changes
/// nothing, so the shadow on screen is the same pixel for pixel (the drag scene's refined
/// flock, headless at 2560 × 1440, renders to an identical PNG) with fewer pixels to blend.
@Suite struct WholeShadowTrimTests {
    /// The lift shadow of a 40-px cell: corner radius 6 px, blur radius 10 (σ 5 px), opacity 0.45.
    let lift = ShapeAtlas.shadowAlpha(width: 40, height: 40, radius: 24, sigma: 20, opacity: 0.45)

    @Test func everyTexelOutsideTheKeptRectangleIsClear() {
        let s = lift, k = s.kept, height = s.alpha.count / s.width
        for y in 0..<height {
            for x in 0..<s.width where x < k.x || x >= k.x + k.w || y < k.y || y >= k.y + k.h {
                #expect(s.alpha[y * s.width + x] == 0, "(\(x), \(y))")
            }
        }
    }

    @Test func theKeptRectangleIsTight() {
        let s = lift, k = s.kept
        func row(_ y: Int) -> Bool { (k.x..<k.x + k.w).contains { s.alpha[y * s.width + $0] != 0 } }
        func column(_ x: Int) -> Bool { (k.y..<k.y + k.h).contains { s.alpha[$0 * s.width + x] != 0 } }
        #expect(row(k.y) && row(k.y + k.h - 1) && column(k.x) && column(k.x + k.w - 1))
    }

    @Test func aFaintShadowLosesPartOfItsBlur() {
        // 3σ = 15 px of blur a side; at 0.45 the outer 2 rows and columns round to clear.
        #expect(lift.extent == 15 && lift.width == 70)
        #expect(lift.kept.x == 2 && lift.kept.y == 2 && lift.kept.w == 66 && lift.kept.h == 66, "\(lift.kept)")
        // Symmetric about the shape, which sits 15 px in from each side.
        #expect(lift.kept.x == lift.width - lift.kept.x - lift.kept.w)
    }

    @Test func aClearShadowKeepsNothing() {
        let none = ShapeAtlas.shadowAlpha(width: 30, height: 20, radius: 8, sigma: 16, opacity: 0)
        #expect(none.kept.w == 0 && none.kept.h == 0)
    }
}
