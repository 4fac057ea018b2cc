import Geometry
import Layout

/// The layout benchmark: a vertical ``FlowLayout`` of N items (40 × 40 pt) in a 1280 × 800
/// window, prepared once; `kinetic bench layout` times ``run(queries:)`` (library code never
/// reads a clock).
public final class FlowQueryBenchmark {
    /// The number of items.
    public let itemCount: Int
    private let layout = FlowLayout()
    private let host: Host

    /// Builds and prepares the layout of `items` items.
    public init(items: Int) {
        itemCount = items
        layout.itemSize = Size(width: 40, height: 40)
        host = Host(items: items, size: Size(width: 1280, height: 800))
        layout.collectionView = host
        layout.prepareIfNeeded()
    }

    /// Queries a screenful (1280 × 800) at `queries` positions evenly spread down the content;
    /// returns the attributes found, summed over the queries.
    public func run(queries: Int = 1000) -> Int {
        let height = layout.collectionViewContentSize.height
        var count = 0
        for i in 0..<queries {
            let y = Double(i) / Double(queries) * max(0, height - 800)
            count += layout.layoutAttributesForElements(in: Rect(x: 0, y: y, width: 1280, height: 800)).count
        }
        return count
    }

    /// A stand-in collection view: just the counts and bounds a layout reads.
    private final class Host: CollectionViewLayoutContext {
        let items: Int
        var bounds: Rect
        init(items: Int, size: Size) { self.items = items; bounds = Rect(origin: .zero, size: size) }
        var contentOffset: Point { bounds.origin }
        var numberOfSections: Int { 1 }
        func numberOfItems(inSection section: Int) -> Int { items }
        var pointerLocation: Point? { nil }
    }
}
