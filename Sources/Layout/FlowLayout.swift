import Geometry

/// A grid layout of equally sized items in lines that fill and wrap
/// (UIKit's `UICollectionViewFlowLayout` with a fixed `itemSize`).
///
/// Lines run across the scroll direction (rows when scrolling vertically, columns when
/// scrolling horizontally). Each section starts with an optional header, then `sectionInset`, then
/// its lines, then the inset and an optional footer. Within a section:
/// - as many items fit on a line as allow at least ``minimumInteritemSpacing`` between them;
/// - the leftover space is spread evenly between the items, so full lines touch both insets,
///   and the last, shorter line keeps the same columns (the grid stays aligned);
/// - when only one item fits on a line, it is centred, as UIKit does;
/// - lines are exactly ``minimumLineSpacing`` apart (all items have the same size).
///
/// Cost: ``prepare()`` is O(sections); ``layoutAttributesForElements(in:)`` computes positions
/// arithmetically and is O(sections + elements returned), so one screenful out of 1,000,000
/// items costs the same as out of 100.
open class FlowLayout: CollectionViewLayout {
    /// The direction in which the content scrolls (UIKit's `UICollectionView.ScrollDirection`).
    public enum ScrollDirection: Sendable, Hashable {
        /// Rows stacked downwards; the content is as wide as the view.
        case vertical
        /// Columns stacked rightwards; the content is as tall as the view.
        case horizontal
    }

    /// The kind of section header supplementary views.
    public static let elementKindSectionHeader = "header"
    /// The kind of section footer supplementary views.
    public static let elementKindSectionFooter = "footer"

    /// Creates a flow layout with UIKit's defaults: 50×50 items, 10 pt spacings, no insets, vertical.
    public override init() { super.init() }

    /// Size of every item, in points. Default 50×50.
    public var itemSize: Size {
        get { storedItemSize }
        set { storedItemSize = newValue; invalidateLayout() }
    }
    /// Space between lines (rows when vertical), in points. Default 10.
    public var minimumLineSpacing: Double {
        get { storedMinimumLineSpacing }
        set { storedMinimumLineSpacing = newValue; invalidateLayout() }
    }
    /// Smallest space between items on a line, in points; leftover space widens it. Default 10.
    public var minimumInteritemSpacing: Double {
        get { storedMinimumInteritemSpacing }
        set { storedMinimumInteritemSpacing = newValue; invalidateLayout() }
    }
    /// Margins around each section's items, in points. Default zero.
    public var sectionInset: EdgeInsets {
        get { storedSectionInset }
        set { storedSectionInset = newValue; invalidateLayout() }
    }
    /// Scroll direction. Default vertical.
    public var scrollDirection: ScrollDirection {
        get { storedScrollDirection }
        set { storedScrollDirection = newValue; invalidateLayout() }
    }
    /// Header size, in points: only the height is used when vertical (the header spans the view's
    /// width) and only the width when horizontal. Zero (the default) means no headers.
    public var headerReferenceSize: Size {
        get { storedHeaderReferenceSize }
        set { storedHeaderReferenceSize = newValue; invalidateLayout() }
    }
    /// Footer size, used like ``headerReferenceSize``. Default zero (no footers).
    public var footerReferenceSize: Size {
        get { storedFooterReferenceSize }
        set { storedFooterReferenceSize = newValue; invalidateLayout() }
    }
    // Private storage behind the settings (as ``LayoutAttributes`` keeps its values): queries read
    // them for every item they return, and with every access in view Swift proves they never
    // overlap and drops the runtime exclusivity check a public stored property costs per access.
    private var storedItemSize = Size(width: 50, height: 50)
    private var storedMinimumLineSpacing = 10.0
    private var storedMinimumInteritemSpacing = 10.0
    private var storedSectionInset = EdgeInsets.zero
    private var storedScrollDirection = ScrollDirection.vertical
    private var storedHeaderReferenceSize = Size.zero
    private var storedFooterReferenceSize = Size.zero

    /// Per-section geometry along the scroll axis ("main") and across it ("cross"), in points.
    struct SectionGeometry {
        var count: Int
        var start: Double          // leading edge of the header
        var headerLength: Double
        var itemsStart: Double     // leading edge of the first line
        var lines: Int
        var perLine: Int
        var crossStart: Double     // leading cross edge of column 0
        var crossPitch: Double     // item cross length + actual inter-item spacing
        var footerStart: Double
        var footerLength: Double
        var end: Double            // trailing edge of the footer
    }

    private(set) var sections: [SectionGeometry] = []
    private var crossExtent: Double = 0
    private var contentLength: Double = 0

    /// Number of attribute objects this layout has created (instrumentation for tests and benchmarks).
    var attributesCreated = 0

    private var isVertical: Bool { scrollDirection == .vertical }
    private var itemMain: Double { isVertical ? itemSize.height : itemSize.width }
    private var itemCross: Double { isVertical ? itemSize.width : itemSize.height }

    /// Recomputes the section geometry from the collection view's size and item counts.
    open override func prepare() {
        super.prepare()
        sections.removeAll(keepingCapacity: true)
        guard let cv = collectionView else { crossExtent = 0; contentLength = 0; return }
        let b = cv.bounds
        crossExtent = isVertical ? b.width : b.height
        let insetLead = isVertical ? sectionInset.left : sectionInset.top
        let insetTrail = isVertical ? sectionInset.right : sectionInset.bottom
        let insetMainLead = isVertical ? sectionInset.top : sectionInset.left
        let insetMainTrail = isVertical ? sectionInset.bottom : sectionInset.right
        let headerLength = isVertical ? headerReferenceSize.height : headerReferenceSize.width
        let footerLength = isVertical ? footerReferenceSize.height : footerReferenceSize.width
        let available = crossExtent - insetLead - insetTrail
        let spacing = minimumInteritemSpacing, cross = itemCross
        // How many items fit with at least the minimum spacing (a hair of tolerance for rounding).
        let fit = cross + spacing > 0 ? Int(saturating: ((available + spacing) / (cross + spacing) + 1e-9).rounded(.down)) : 1
        let perLine = max(1, fit)
        let crossStart: Double, crossPitch: Double
        if perLine == 1 {
            crossStart = insetLead + max(0, (available - cross) / 2)
            crossPitch = cross
        } else {
            crossStart = insetLead
            crossPitch = cross + (available - Double(perLine) * cross) / Double(perLine - 1)
        }
        var position = 0.0
        for s in 0..<max(0, cv.numberOfSections) {
            let count = max(0, cv.numberOfItems(inSection: s))
            let lines = (count + perLine - 1) / perLine
            let itemsStart = position + headerLength + insetMainLead
            let itemsLength = lines > 0 ? Double(lines) * itemMain + Double(lines - 1) * minimumLineSpacing : 0
            let footerStart = itemsStart + itemsLength + insetMainTrail
            let end = footerStart + footerLength
            sections.append(SectionGeometry(count: count, start: position, headerLength: headerLength,
                                            itemsStart: itemsStart, lines: lines, perLine: perLine,
                                            crossStart: crossStart, crossPitch: crossPitch,
                                            footerStart: footerStart, footerLength: footerLength, end: end))
            position = end
        }
        contentLength = position
    }

    /// The content's size: the view's width × the sections' total height when vertical (and the
    /// transpose when horizontal), in points.
    open override var collectionViewContentSize: Size {
        prepareIfNeeded()
        return isVertical ? Size(width: crossExtent, height: contentLength)
                          : Size(width: contentLength, height: crossExtent)
    }

    /// Flow layouts invalidate when the view's size across the scroll direction changes (lines
    /// rewrap); plain scrolling does not invalidate.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        (isVertical ? newBounds.width : newBounds.height) != crossExtent
    }

    private func rect(main: Double, cross: Double, mainLength: Double, crossLength: Double) -> Rect {
        isVertical ? Rect(x: cross, y: main, width: crossLength, height: mainLength)
                   : Rect(x: main, y: cross, width: mainLength, height: crossLength)
    }

    private func itemFrame(_ g: SectionGeometry, _ item: Int) -> Rect {
        let line = item / g.perLine, column = item % g.perLine
        return rect(main: g.itemsStart + Double(line) * (itemMain + minimumLineSpacing),
                    cross: g.crossStart + Double(column) * g.crossPitch,
                    mainLength: itemMain, crossLength: itemCross)
    }

    private func makeAttributes(_ indexPath: IndexPath, _ frame: Rect) -> LayoutAttributes {
        attributesCreated += 1
        return LayoutAttributes(forCellWith: indexPath, frame: frame)
    }

    private func makeSupplementary(_ kind: String, _ section: Int, _ frame: Rect) -> LayoutAttributes {
        attributesCreated += 1
        let a = LayoutAttributes(forSupplementaryViewOfKind: kind, with: IndexPath(item: 0, section: section))
        a.frame = frame
        return a
    }

    /// ⌊x⌋ clamped to 0…upper in floating point first, so huge query rectangles cannot overflow `Int`.
    private static func index(_ x: Double, upTo upper: Int) -> Int {
        guard !x.isNaN else { return 0 }
        return Int(clamp(x.rounded(.down), 0, Double(max(0, upper))))
    }

    /// Attributes of the items, headers and footers intersecting `rect`, in section and item order.
    /// Only those elements are computed (O(visible)).
    open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        prepareIfNeeded()
        guard !rect.isNull, !sections.isEmpty else { return [] }
        let mainMin = isVertical ? rect.minY : rect.minX, mainMax = isVertical ? rect.maxY : rect.maxX
        let crossMin = isVertical ? rect.minX : rect.minY, crossMax = isVertical ? rect.maxX : rect.maxY
        var result: [LayoutAttributes] = []
        // First section that ends after mainMin (binary search: sections are sorted).
        var lo = 0, hi = sections.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sections[mid].end <= mainMin { lo = mid + 1 } else { hi = mid }
        }
        let linePitch = itemMain + minimumLineSpacing
        var s = lo
        while s < sections.count, sections[s].start < mainMax {
            let g = sections[s]
            if g.headerLength > 0 {
                let f = self.rect(main: g.start, cross: 0, mainLength: g.headerLength, crossLength: crossExtent)
                if f.intersects(rect) { result.append(makeSupplementary(Self.elementKindSectionHeader, s, f)) }
            }
            if g.lines > 0 && linePitch > 0 {
                let firstLine = Self.index((mainMin - g.itemsStart) / linePitch, upTo: g.lines - 1)
                let lastLine = Self.index((mainMax - g.itemsStart) / linePitch, upTo: g.lines - 1)
                var firstColumn = 0, lastColumn = g.perLine - 1
                if g.perLine > 1 && g.crossPitch > 0 {
                    firstColumn = Self.index((crossMin - g.crossStart) / g.crossPitch, upTo: g.perLine - 1)
                    lastColumn = Self.index((crossMax - g.crossStart) / g.crossPitch, upTo: g.perLine - 1)
                }
                if firstLine <= lastLine && firstColumn <= lastColumn {
                    for line in firstLine...lastLine {
                        for column in firstColumn...lastColumn {
                            let item = line * g.perLine + column
                            if item >= g.count { break }
                            let f = itemFrame(g, item)
                            if f.intersects(rect) { result.append(makeAttributes(IndexPath(item: item, section: s), f)) }
                        }
                    }
                }
            }
            if g.footerLength > 0 {
                let f = self.rect(main: g.footerStart, cross: 0, mainLength: g.footerLength, crossLength: crossExtent)
                if f.intersects(rect) { result.append(makeSupplementary(Self.elementKindSectionFooter, s, f)) }
            }
            s += 1
        }
        return result
    }

    /// Attributes of the item at `indexPath` (O(1)), or nil when it does not exist.
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        flowFrame(ofItemAt: indexPath).map { makeAttributes(indexPath, $0) }
    }

    /// The frame the flow gives the item at `indexPath` (points), nil when it does not exist:
    /// ``layoutAttributesForItem(at:)``'s frame without making attributes (a subclass that moves
    /// items, as the drag scene's does, asks where one rests every frame).
    public func flowFrame(ofItemAt indexPath: IndexPath) -> Rect? {
        prepareIfNeeded()
        guard sections.indices.contains(indexPath.section) else { return nil }
        let g = sections[indexPath.section]
        guard indexPath.item >= 0 && indexPath.item < g.count else { return nil }
        return itemFrame(g, indexPath.item)
    }

    /// Attributes of the header or footer of section `indexPath.section`, or nil when that section
    /// has none.
    open override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        prepareIfNeeded()
        guard sections.indices.contains(indexPath.section) else { return nil }
        let g = sections[indexPath.section]
        switch kind {
        case Self.elementKindSectionHeader where g.headerLength > 0:
            return makeSupplementary(kind, indexPath.section,
                                     rect(main: g.start, cross: 0, mainLength: g.headerLength, crossLength: crossExtent))
        case Self.elementKindSectionFooter where g.footerLength > 0:
            return makeSupplementary(kind, indexPath.section,
                                     rect(main: g.footerStart, cross: 0, mainLength: g.footerLength, crossLength: crossExtent))
        default:
            return nil
        }
    }
}
