import Testing
@testable import Geometry
@Test func placeholder() { #expect(Point(x: 1, y: 2) + Vector(dx: 1, dy: 1) == Point(x: 2, y: 3)) }
