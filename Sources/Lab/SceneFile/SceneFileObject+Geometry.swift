import Foundation
import Geometry
import Drawing

/// Geometry and colours: literal arrays of numbers (`[x, y]`, `[x, y, width, height]`, …) and
/// `"#RRGGBB"` strings, each element checked against the format's limits (coordinates within
/// ±100,000 points, sides 0…10,000).
extension SceneFileObject {
    /// `count` literal numbers, the i-th within `ranges[i]` and called `names[i]` in messages;
    /// `shape` ("[x, y]") says what the array looks like.
    func numbers(_ node: LocatedJSON, _ label: String, shape: String, names: [String], ranges: [SceneFileRange]) throws -> [Double] {
        let items = try array(node, label, shape)
        guard items.count == names.count else {
            throw problem(node, "\(label) must be \(shape) (got \(items.count) item\(items.count == 1 ? "" : "s"))")
        }
        return try zip(items, zip(names, ranges)).map { item, named in try number(item, "\(label) \(named.0)", named.1) }
    }

    /// A point `[x, y]`, stage points.
    func point(_ node: LocatedJSON, _ label: String) throws -> Point {
        let v = try numbers(node, label, shape: "[x, y]", names: ["x", "y"], ranges: [.coordinate, .coordinate])
        return Point(x: v[0], y: v[1])
    }

    /// The point `key`, or nil when absent.
    func point(_ key: String) throws -> Point? { try self[key].map { try point($0, "\"\(key)\"") } }

    /// A vector `[dx, dy]`, points.
    func vector(_ node: LocatedJSON, _ label: String) throws -> Vector {
        let v = try numbers(node, label, shape: "[dx, dy]", names: ["dx", "dy"], ranges: [.coordinate, .coordinate])
        return Vector(dx: v[0], dy: v[1])
    }

    /// The vector `key`, or `fallback` when absent.
    func vector(_ key: String, default fallback: Vector) throws -> Vector {
        try self[key].map { try vector($0, "\"\(key)\"") } ?? fallback
    }

    /// A rectangle `[x, y, width, height]`: origin within ±100,000, sides 0…10,000 points.
    func rect(_ node: LocatedJSON, _ label: String) throws -> Rect {
        let v = try numbers(node, label, shape: "[x, y, width, height]", names: ["x", "y", "width", "height"],
                            ranges: [.coordinate, .coordinate, .side, .side])
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    /// The rectangle `key`, or nil when absent.
    func rect(_ key: String) throws -> Rect? { try self[key].map { try rect($0, "\"\(key)\"") } }

    /// Insets `[top, left, bottom, right]`, points (±100,000).
    func insets(_ key: String) throws -> EdgeInsets? {
        guard let node = self[key] else { return nil }
        let v = try numbers(node, "\"\(key)\"", shape: "[top, left, bottom, right]", names: ["top", "left", "bottom", "right"],
                            ranges: Array(repeating: .coordinate, count: 4))
        return EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
    }

    /// A literal angle `key` in degrees (any value within the magnitude limit), as radians, or
    /// `fallback` (radians) when absent.
    func angle(_ key: String, default fallback: Double) throws -> Double {
        try optionalAngle(key) ?? fallback
    }

    /// A literal angle `key` in degrees, as radians, or nil when absent.
    func optionalAngle(_ key: String) throws -> Double? {
        try optionalNumber(key, .any).map { $0 * .pi / 180 }
    }

    /// A colour `"#RRGGBB"` or `"#RRGGBBAA"` (the alpha, 0…255, multiplies the layer's opacity).
    func color(_ node: LocatedJSON, _ label: String) throws -> Color {
        let expectation = "a colour \"#RRGGBB\" or \"#RRGGBBAA\""
        guard case .string(let text) = node.value, text.hasPrefix("#"),
              text.count == 7 || text.count == 9, text.dropFirst().allSatisfy(\.isHexDigit),
              let value = UInt32(text.dropFirst(), radix: 16) else {
            throw expected(expectation, node, label)
        }
        if text.count == 7 { return Color(hex: value) }
        return Color(hex: value >> 8, alpha: Double(value & 0xFF) / 255)
    }

    /// The colour `key`, or `fallback` when absent.
    func color(_ key: String, default fallback: Color) throws -> Color {
        try self[key].map { try color($0, "\"\(key)\"") } ?? fallback
    }
}
