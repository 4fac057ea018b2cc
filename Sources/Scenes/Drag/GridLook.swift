import Geometry
import Drawing

/// How the drag scene's grid looks: the source document's plain grid (the seed variant) or
/// Kinetic's dark grid of numbered cells (refined). The geometry is the flow layout's
/// (`itemSize`, `minimumInteritemSpacing`, `minimumLineSpacing`, `sectionInset`), the rest the
/// cells' and the collection view's.
public struct GridLook: Sendable, Equatable {
    /// Size of a cell, points.
    public var itemSize: Size
    /// The flow layout's `minimumInteritemSpacing` and `minimumLineSpacing`, points.
    public var spacing: Double
    /// The flow layout's `sectionInset`, points.
    public var sectionInset: EdgeInsets
    /// The collection view's background; nil leaves it clear over the window's dark background.
    public var background: Color?
    /// A cell's fill.
    public var cellColor: Color
    /// A selected cell's fill.
    public var selectedCellColor: Color
    /// A cell's corner radius, points.
    public var cornerRadius: Double
    /// Whether each cell shows its item number.
    public var showsNumbers: Bool
    /// Whether a lifted (dragged) cell casts a shadow.
    public var castsShadow: Bool

    /// The source document's look: it sets only `collectionView.backgroundColor = .white` and
    /// the cells' `backgroundColor` (`.gray`, `.red` when selected) and leaves the rest at UIKit's
    /// defaults: `UICollectionViewFlowLayout`'s 50 × 50 items, 10-pt line and item spacing and no
    /// section inset; `UICollectionViewCell`'s square corners, no shadow and no label.
    /// `UIColor.gray` is white 0.5, `UIColor.red` is (1, 0, 0).
    public static let source = GridLook(
        itemSize: Size(width: 50, height: 50), spacing: 10, sectionInset: .zero, background: .white,
        cellColor: Color(white: 0.5), selectedCellColor: Color(red: 1, green: 0, blue: 0),
        cornerRadius: 0, showsNumbers: false, castsShadow: false)

    /// Kinetic's look: numbered 40 × 40 cells with 6-pt corners, 10 pt apart inside a 16-pt inset,
    /// on the window's dark background; iOS's darker accessible grey and red (systemGray2 #636366,
    /// the high-contrast red #D70015: white numbers on them reach 6.0:1 and 5.4:1, above WCAG's
    /// 4.5:1), and a soft shadow under lifted cells.
    public static let kinetic = GridLook(
        itemSize: Size(width: 40, height: 40), spacing: 10,
        sectionInset: EdgeInsets(top: 16, left: 16, bottom: 16, right: 16), background: nil,
        cellColor: Color(hex: 0x636366), selectedCellColor: Color(hex: 0xD70015),
        cornerRadius: 6, showsNumbers: true, castsShadow: true)

    /// The look of `variant`: ``source`` for seed, ``kinetic`` for refined.
    public static func of(_ variant: SceneVariant) -> GridLook { variant == .seed ? source : kinetic }
}
