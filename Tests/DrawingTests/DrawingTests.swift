import Testing
import Geometry
@testable import Drawing

@Suite struct DisplayListTests {
    @Test func ordersByZThenInsertion() {
        var l = DisplayList()
        l.append(.fill(.zero, color: .red), z: 2)
        l.append(.fill(.zero, color: .green), z: 0)
        l.append(.fill(.zero, color: .blue), z: 2)
        l.append(.fill(.zero, color: .white), z: -1)
        l.append(.fill(.zero, color: .black), z: 0)
        let colors: [Color] = l.ordered.map {
            if case let .fill(_, _, c, _, _) = $0.command { return c }
            return .clear
        }
        #expect(colors == [.white, .green, .black, .red, .blue])
    }

    @Test func clipsNestAndIntersect() {
        var l = DisplayList()
        l.pushClip(Rect(x: 0, y: 0, width: 100, height: 100))
        l.pushClip(Rect(x: 50, y: 50, width: 100, height: 100))
        l.append(.fill(.zero, color: .red))
        l.popClip()
        l.append(.fill(.zero, color: .red))
        l.popClip()
        l.append(.fill(.zero, color: .red))
        #expect(l.items.map(\.clip) == [Rect(x: 50, y: 50, width: 50, height: 50), Rect(x: 0, y: 0, width: 100, height: 100), nil])
    }

    @Test func removeAllKeepsNothing() {
        var l = DisplayList()
        l.pushClip(.zero)
        l.append(.fill(.zero, color: .red))
        l.removeAll()
        l.append(.fill(.zero, color: .red))
        #expect(l.count == 1 && l.items[0].clip == nil)
    }
}

@Suite struct ColorTests {
    @Test func hexAndQuantisation() {
        let c = Color(hex: 0xFF3B30)
        #expect(c.rgba8 == (255, 59, 48, 255))
        #expect(Color.red == c)
        #expect(Color(white: 0.5, alpha: 0.5).rgba8 == (128, 128, 128, 128))
        #expect(Color(red: 2, green: -1, blue: 0.5).rgba8 == (255, 0, 128, 255))
    }

    @Test func mixing() {
        let m = Color.black.mixed(with: .white, 0.25)
        #expect(abs(m.red - 0.25) < 1e-12 && m.alpha == 1)
        #expect(Color.red.fading(0.5).alpha == 0.5)
    }
}

/// Issue 24: which commands a backend may convert to whole pixels.
@Suite struct DrawCommandValidityTests {
    @Test func finiteAndInRangeOnly() {
        let r = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(DrawCommand.fill(rect: r, cornerRadius: 2, color: .red, alpha: 1, transform: .identity).isDrawable)
        #expect(!DrawCommand.fill(rect: Rect(x: .nan, y: 0, width: 1, height: 1), cornerRadius: 0, color: .red, alpha: 1, transform: .identity).isDrawable)
        #expect(!DrawCommand.fill(rect: r, cornerRadius: 0, color: .red, alpha: .infinity, transform: .identity).isDrawable)
        #expect(DrawCommand.fill(rect: Rect(x: -1e9, y: 0, width: 1e9, height: 1), cornerRadius: 0, color: .red, alpha: 1, transform: .identity).isDrawable)
        #expect(!DrawCommand.fill(rect: Rect(x: -1.1e9, y: 0, width: 1, height: 1), cornerRadius: 0, color: .red, alpha: 1, transform: .identity).isDrawable)
        #expect(!DrawCommand.stroke(points: [Point(x: 0, y: 0), Point(x: 0, y: -.infinity)], closed: false, width: 1, color: .red).isDrawable)
        #expect(!DrawCommand.shadow(rect: r, cornerRadius: 0, blur: .nan, color: .red, transform: .identity).isDrawable)
        #expect(!DrawCommand.text("a", frame: r, size: .nan, color: .red, alignment: .left, transform: .identity).isDrawable)
    }
}
