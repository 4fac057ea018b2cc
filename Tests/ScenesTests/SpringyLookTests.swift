import Testing
import Geometry
import Drawing
import Views
@testable import Scenes

/// The springy scene looks like Messages (issue 13): bubbles fit to their text on the sender's
/// side, timestamps between runs, readable colours, and later messages drawn over earlier ones.
/// The physics is SpringySceneTests'; these tests only read the cells.
@Suite struct SpringyLookTests {
    static let size = Size(width: 1280, height: 800)

    /// The visible message cells with their items, in index order.
    static func messageCells(_ s: SpringyScene) -> [(item: Int, cell: MessageCell)] {
        s.collectionView.indexPathsForVisibleItems.compactMap { ip in
            (s.collectionView.cellForItem(at: ip) as? MessageCell).map { (ip.item, $0) }
        }
    }

    /// A scene scrolled to `offset` and settled.
    static func scene(at offset: Double = 0, items: Int = 1000) -> (SpringyScene, SceneDriver) {
        let s = SpringyScene(items: items, size: size)
        let d = SceneDriver(s)
        if offset != 0 {
            s.collectionView.contentOffset.y = offset
            d.run(1)
        }
        return (s, d)
    }

    @Test func everyTextColourInUseReadsAtFourAndAHalfToOne() throws {
        for pair in MessageStyle.textPairs {
            #expect(pair.text.contrastRatio(with: pair.background) >= 4.5, "\(pair.name)")
        }
        // Plain systemBlue would not do, which is why the sent bubbles are darker.
        #expect(Color.white.contrastRatio(with: .blue) < 4.5)
        // The pairs the cells actually show, over the first two passes of the conversation.
        let (s, d) = Self.scene()
        var checked = 0
        for _ in 0..<8 {
            for ip in s.collectionView.indexPathsForVisibleItems {
                let cell = s.collectionView.cellForItem(at: ip)
                let text: Color, background: Color
                if let m = cell as? MessageCell {
                    (text, background) = (m.label.textColor, m.bubble.backgroundColor.composited(over: MessageStyle.background))
                } else {
                    let t = try #require(cell as? TimestampCell)
                    (text, background) = (t.label.textColor, s.collectionView.backgroundColor)
                }
                #expect(text.contrastRatio(with: background) >= 4.5, "row \(ip.item): \(text) on \(background)")
                checked += 1
            }
            s.collectionView.contentOffset.y += 700
            d.run(0.5)
        }
        #expect(checked > 2 * Conversation.script.count)
    }

    @Test func bubblesFitTheirTextInsideTheRowOnTheSendersSide() throws {
        let (s, _) = Self.scene()
        let cells = Self.messageCells(s)
        #expect(cells.count >= 12)
        let reach = MessageStyle.tailReach
        var widths = Set<Double>()
        var sides = Set<String>()
        for (item, cell) in cells {
            let row = cell.bounds, bubble = cell.bubble.frame
            let sender = try #require(Conversation.sender(at: item))
            widths.insert(bubble.width)
            // Inside the row with room for the tail, and no wider than 70 % of the row.
            #expect(bubble.minX >= reach && bubble.maxX <= row.maxX - reach && bubble.minY >= 0 && bubble.maxY <= row.maxY,
                    "row \(item): \(bubble) in \(row)")
            #expect(bubble.width <= 0.7 * row.width && bubble.width >= MessageStyle.minimumBubbleWidth)
            // The text fits the bubble with its padding.
            let label = cell.label.frame
            #expect(label.minX >= MessageStyle.horizontalPadding - 0.5 && label.maxX <= bubble.width - MessageStyle.horizontalPadding + 0.5)
            // Sent on the right edge, received on the left: in the cell and on screen.
            let onScreen = cell.convert(bubble, to: nil)
            switch sender {
            case .me:
                #expect(bubble.maxX == row.maxX - reach, "sent row \(item) at \(bubble)")
                #expect(onScreen.minX > Self.size.width * 0.3)
                sides.insert("right")
            case .them:
                #expect(bubble.minX == reach, "received row \(item) at \(bubble)")
                #expect(onScreen.maxX < Self.size.width * 0.7)
                sides.insert("left")
            }
            #expect(cell.bubble.backgroundColor == (sender == .me ? MessageStyle.sentBubble : MessageStyle.receivedBubble))
        }
        #expect(sides == ["left", "right"])
        #expect(widths.count >= cells.count / 2, "bubble widths should follow the text: \(widths.sorted())")
    }

    @Test func longTextWrapsToTwoLinesAndEndsWithAnEllipsis() throws {
        // In the first pass, rows 34 and 35 are longer than two lines of a 1256-pt row's widest
        // bubble (about 100 estimated characters a line), row 27 wraps but fits, row 29 is short.
        let (s, _) = Self.scene(at: 12 + 50 * 26)
        let cells = Dictionary(uniqueKeysWithValues: Self.messageCells(s).map { ($0.item, $0.cell) })
        let long = try #require(cells[34]), wrapped = try #require(cells[27]), short = try #require(cells[29])
        #expect(cells[35].map { $0.label.lines(forWidth: $0.label.bounds.width).last?.hasSuffix("…") } == true)
        func lines(_ c: MessageCell) -> [String] { c.label.lines(forWidth: c.label.bounds.width) }
        let measurer = EstimatedTextMeasurer.shared
        #expect(s.textMeasurer === measurer)

        #expect(lines(long).count == 2)
        #expect(lines(long).last?.hasSuffix(TextLayout.ellipsis) == true, "\(lines(long))")
        #expect(lines(long).first?.hasSuffix(TextLayout.ellipsis) == false)
        #expect(lines(wrapped).count == 2)
        #expect(lines(wrapped).joined(separator: " ") == wrapped.label.text, "wraps without losing a word")
        #expect(lines(short) == [short.label.text])
        // Every line fits its label, and wrapped bubbles take the widest allowed width's text.
        for c in [long, wrapped, short] {
            for line in lines(c) { #expect(measurer.width(of: line, size: MessageStyle.fontSize) <= c.label.bounds.width) }
        }
        #expect(long.bubble.frame.height == SpringyScene.rowHeight)
        #expect(short.bubble.frame.height == TextLayout.lineHeight(size: MessageStyle.fontSize) + 2 * MessageStyle.verticalPadding)
        #expect(short.bubble.frame.width < wrapped.bubble.frame.width)
    }

    @Test func tailsEndRunsAndTimestampsSitBetweenThem() {
        let n = Conversation.script.count
        #expect(n >= 30 && n <= 60)
        var timestamps = 0, tails = 0
        for i in 0..<(2 * n) {
            switch Conversation.entry(at: i) {
            case .timestamp(let text):
                timestamps += 1
                #expect(!Conversation.isLastInRun(i, count: 1000))
                #expect(text.hasSuffix(" AM") || text.hasSuffix(" PM"))
            case .message(_, let sender):
                let next = Conversation.sender(at: i + 1)
                #expect(Conversation.isLastInRun(i, count: 1000) == (next != sender))
                if next != sender { tails += 1 }
            }
            #expect(Conversation.entry(at: i + n) == Conversation.entry(at: i) || Conversation.sender(at: i) == nil)
        }
        #expect(timestamps >= 6 && tails >= 16)
        // The last row ends its run; any row of a million costs one remainder.
        #expect(Conversation.isLastInRun(999_999, count: 1_000_000) == (Conversation.sender(at: 999_999) != nil))
        #expect(Conversation.entry(at: 5 * n) == .timestamp("Saturday 9:41 AM"))

        // The cells agree: a tail exactly on the last bubble of each run, and a bubble shorter
        // than its row leans towards the rest of its run (the first low, the last high).
        let (s, _) = Self.scene()
        var leaning = Set<MessageCell.RunPosition>()
        for (item, cell) in Self.messageCells(s) {
            let first = Conversation.isFirstInRun(item), last = Conversation.isLastInRun(item, count: s.itemCount)
            let expected: BubbleView.TailSide? = last ? (Conversation.sender(at: item) == .me ? .right : .left) : nil
            #expect(cell.bubble.tail == expected, "row \(item)")
            let position = MessageCell.RunPosition(isFirst: first, isLast: last)
            #expect(cell.runPosition == position)
            let bubble = cell.bubble.frame, row = cell.bounds
            guard bubble.height < row.height else { continue }
            leaning.insert(position)
            switch position {
            case .first: #expect(bubble.maxY == row.maxY, "row \(item)")
            case .last: #expect(bubble.minY == 0, "row \(item)")
            case .only, .middle: #expect(abs(bubble.midY - row.midY) <= 0.5, "row \(item)")
            }
        }
        #expect(leaning.isSuperset(of: [.first, .last, .only]))
        #expect(s.collectionView.backgroundColor == .white)
        #expect(s.dump().items.first?.label == "Row 0")
    }

    /// Drags the list down (the content scrolls up, rows enter at the top) with the springs at the
    /// largest resistance, so that neighbours overlap, checking the drawing order every frame.
    @Test func laterMessagesAreDrawnOverEarlierOnesAfterScrolling() throws {
        let (s, d) = Self.scene(at: 3000)
        s.setParameter("resistance", to: 0.02)
        var overlapped = false
        func check(_ sourceLocation: SourceLocation = #_sourceLocation) {
            let cv = s.collectionView
            let cells = cv.subviews.compactMap { $0 as? CollectionViewCell }
            let items = cells.compactMap { $0.indexPath?.item }
            #expect(items.count == cv.visibleCells.count && items == items.sorted(), "\(items)", sourceLocation: sourceLocation)
            #expect(cells.allSatisfy { $0.zPosition == 0 }, sourceLocation: sourceLocation)
            // What is drawn: one layer per cell, in index order.
            var list = DisplayList()
            s.draw(into: &list)
            let drawn: [Rect] = list.ordered.compactMap { item in
                if case let .layer(_, frame, _, _) = item.command { return frame }
                return nil
            }
            let expected = cells.map { cv.convert($0.presentationFrame, to: nil) }
            #expect(drawn.count == expected.count, sourceLocation: sourceLocation)
            for (a, b) in zip(drawn, expected) {
                #expect(abs(a.minY - b.minY) < 1e-6 && abs(a.minX - b.minX) < 1e-6, "\(a) vs \(b)", sourceLocation: sourceLocation)
            }
            let frames = cells.map(\.frame)
            for (a, b) in zip(frames, frames.dropFirst()) where a.maxY > b.minY { overlapped = true }
        }
        var p = Point(x: 640, y: 100)
        d.down(p); d.step()
        for _ in 0..<40 {
            p.y += 15
            d.move(p); d.step()
            check()
        }
        d.up(p)
        d.run(1, each: { check() })
        #expect(s.collectionView.contentOffset.y < 3000 - 400)
        #expect(overlapped, "at the largest resistance some neighbours should overlap")
        // And back down, rows entering at the bottom.
        s.collectionView.contentOffset.y += 500
        d.run(0.5, each: { check() })
    }

    /// The app swaps in the real font's measurer: the bubbles are measured again.
    @Test func aNewTextMeasurerRefitsTheBubbles() throws {
        final class WideMeasurer: TextMeasuring {
            func width(of text: String, size: Double) -> Double { Double(text.count) * size * 0.8 }
        }
        let (s, d) = Self.scene()
        let (item, cell) = try #require(Self.messageCells(s).first { $0.cell.label.text == "No rush" })
        let before = cell.bubble.frame.width
        s.textMeasurer = WideMeasurer()
        d.step()
        #expect(s.collectionView.cellForItem(at: IndexPath(item: item, section: 0)) === cell)
        let expected = (7 * MessageStyle.fontSize * 0.8).rounded(.up) + 2 * MessageStyle.horizontalPadding
        #expect(cell.bubble.frame.width == expected && expected > before)
    }
}
