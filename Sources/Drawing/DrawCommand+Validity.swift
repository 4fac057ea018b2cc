import Geometry

extension DrawCommand {
    /// The largest coordinate, size, radius or transform entry a backend is asked to draw,
    /// points: 10⁹, far beyond any window, and small enough that every conversion to whole
    /// pixels (at any scale a backend uses) stays in range.
    public static let coordinateLimit = 1e9

    /// Whether every number of the command is finite and within ``coordinateLimit``. A backend
    /// skips a command that is not (and reports it) instead of converting NaN, an infinity or a
    /// runaway value to whole pixels, which traps.
    public var isDrawable: Bool {
        switch self {
        case let .fill(rect, radius, _, alpha, t):
            return Self.fits(rect) && Self.fits(radius) && alpha.isFinite && Self.fits(t)
        case let .stroke(points, _, width, _):
            return Self.fits(width) && points.allSatisfy { Self.fits($0.x) && Self.fits($0.y) }
        case let .text(_, frame, size, _, _, t):
            return Self.fits(frame) && Self.fits(size) && Self.fits(t)
        case let .layer(content, frame, alpha, t):
            return Self.fits(frame) && Self.fits(content.size.width) && Self.fits(content.size.height) && alpha.isFinite && Self.fits(t)
        case let .shadow(rect, radius, blur, _, t):
            return Self.fits(rect) && Self.fits(radius) && Self.fits(blur) && Self.fits(t)
        case let .image(_, frame, radius, alpha, t):
            return Self.fits(frame) && Self.fits(radius) && alpha.isFinite && Self.fits(t)
        }
    }

    @inline(__always) static func fits(_ v: Double) -> Bool { abs(v) <= coordinateLimit } // false for NaN
    @inline(__always) static func fits(_ r: Rect) -> Bool { fits(r.origin.x) && fits(r.origin.y) && fits(r.size.width) && fits(r.size.height) }
    @inline(__always) static func fits(_ t: AffineTransform) -> Bool { fits(t.a) && fits(t.b) && fits(t.c) && fits(t.d) && fits(t.tx) && fits(t.ty) }
}
