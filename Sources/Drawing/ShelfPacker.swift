/// Packs rectangles into a fixed-size page row by row ("shelves"), as texture atlases do:
/// a rectangle goes on the first shelf tall enough with room left, or on a new shelf below.
/// Space is reclaimed only by ``reset()``; the cache that owns the page decides when.
public struct ShelfPacker: Sendable {
    /// The page's width and height in pixels.
    public let width: Int, height: Int
    /// Empty pixels kept between neighbours (so bilinear sampling never reads a neighbour).
    public let gap: Int
    private var shelves: [(y: Int, height: Int, x: Int)] = []
    private var top = 0

    /// An empty page of `width × height` pixels with `gap` pixels between rectangles (default 1).
    public init(width: Int, height: Int, gap: Int = 1) {
        self.width = width; self.height = height; self.gap = gap
    }

    /// The top-left corner of a free `w × h` area, or nil when the page has no room.
    public mutating func insert(width w: Int, height h: Int) -> (x: Int, y: Int)? {
        guard w > 0, h > 0, w <= width, h <= height else { return nil }
        // Best fit: the lowest shelf that holds the height without wasting more than half of it.
        var best: Int?
        for (i, s) in shelves.enumerated() where s.height >= h && s.x + w <= width && h * 2 >= s.height {
            if best.map({ shelves[$0].height > s.height }) ?? true { best = i }
        }
        if let i = best {
            let p = (x: shelves[i].x, y: shelves[i].y)
            shelves[i].x += w + gap
            return p
        }
        guard top + h <= height else { return nil }
        shelves.append((y: top, height: h, x: w + gap))
        defer { top += h + gap }
        return (0, top)
    }

    /// Empties the page.
    public mutating func reset() {
        shelves.removeAll(keepingCapacity: true)
        top = 0
    }
}
