import Geometry

/// Where the expanded HUD column's parameter rows sit (window points), for the host that draws
/// them and for the session that lets the pointer change them: one place for both, so a press
/// lands on the row it is drawn over.
///
/// Each row shows the hotkey, the name, and the value right-aligned in a value column; while
/// comparing, A's value column stops 74 pt short of B's, which ends at the column's right edge.
public enum HUDRows {
    /// Distance between rows, points.
    public static let lineHeight = 19.0
    /// Height of a row's text line, points.
    public static let textHeight = 16.0
    /// Width given to B's value while comparing (A's column ends this far left of B's), points.
    public static let compareValueWidth = 74.0

    /// The top of row `index`'s text line in `panel` (the expanded column): under the scene's
    /// name (38 pt from the top), and under the A/B header (16 pt more) while comparing.
    public static func textTop(_ index: Int, panel: Rect, comparing: Bool) -> Double {
        panel.minY + 38 + (comparing ? 16 : 0) + Double(index) * lineHeight
    }

    /// The value columns, A's then (while comparing) B's: x and width in window points, y 0 and
    /// the text's height (offset by a row's ``textTop(_:panel:comparing:)`` to place a value).
    public static func valueColumns(panel: Rect, comparing: Bool) -> [Rect] {
        let x = panel.minX + 4, inner = panel.width - 20
        let whole = Rect(x: x, y: 0, width: inner, height: textHeight)
        guard comparing else { return [whole] }
        return [Rect(x: x, y: 0, width: inner - compareValueWidth, height: textHeight), whole]
    }

    /// Row `index`'s whole frame: the column's width, from 2 pt above its text to the next row.
    public static func rowFrame(_ index: Int, panel: Rect, comparing: Bool) -> Rect {
        Rect(x: panel.minX, y: textTop(index, panel: panel, comparing: comparing) - 2, width: panel.width, height: lineHeight)
    }

    /// The frame of `half`'s value in row `index` (the field a typed value is shown in): the
    /// 70 pt at the right of its column.
    public static func valueFrame(_ index: Int, half: Int, panel: Rect, comparing: Bool) -> Rect {
        let columns = valueColumns(panel: panel, comparing: comparing)
        let column = columns[min(half, columns.count - 1)]
        return Rect(x: column.maxX - 70, y: textTop(index, panel: panel, comparing: comparing) - 2, width: 72, height: lineHeight)
    }

    /// The row of `rows` under `p`, and the half it changes: while comparing, B's value column
    /// for B, A's value for A, and the key and name for `tunedHalf`; otherwise half 0. Nil off
    /// the rows.
    public static func hit(_ p: Point, panel: Rect, rows: Int, comparing: Bool, tunedHalf: Int) -> (row: Int, half: Int)? {
        guard rows > 0, p.x >= panel.minX, p.x < panel.maxX else { return nil }
        let first = rowFrame(0, panel: panel, comparing: comparing)
        let row = Int(saturating: ((p.y - first.minY) / lineHeight).rounded(.down))
        guard p.y >= first.minY, row < rows else { return nil }
        guard comparing else { return (row, 0) }
        let a = valueColumns(panel: panel, comparing: true)[0]
        if p.x >= a.maxX + 2 { return (row, 1) }
        if p.x >= a.maxX - 70 { return (row, 0) }
        return (row, tunedHalf)
    }
}
