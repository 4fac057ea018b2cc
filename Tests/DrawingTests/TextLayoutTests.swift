import Testing
import Drawing

/// `TextLayout`: UILabel's wrapping and tail truncation, with a measurer of 10 pt per character.
@Suite struct TextLayoutTests {
    final class Fixed: TextMeasuring {
        func width(of text: String, size: Double) -> Double { Double(text.count) * 10 }
    }
    let m = Fixed()

    @Test func oneLineFitsOrEndsWithAnEllipsis() {
        #expect(TextLayout.lines("Lisbon", size: 17, width: 60, maximumLines: 1, measurer: m) == ["Lisbon"])
        // 50 pt: four characters and "…".
        #expect(TextLayout.lines("Reykjavík", size: 17, width: 50, maximumLines: 1, measurer: m) == ["Reyk…"])
        // No space is left before the ellipsis.
        #expect(TextLayout.fit("ab cd", size: 17, width: 30, measurer: m) == "ab…")
        // A hard break on one line: the first line, marked as cut.
        #expect(TextLayout.lines("one\ntwo", size: 17, width: 100, maximumLines: 1, measurer: m) == ["one…"])
    }

    @Test func wrapsAtWordsAndCutsTheLastAllowedLine() {
        let text = "Seven hills, yellow trams and the light over the Tagus."
        let all = TextLayout.lines(text, size: 14, width: 120, measurer: m)
        #expect(all == ["Seven hills,", "yellow trams", "and the", "light over", "the Tagus."])
        #expect(all.allSatisfy { m.width(of: $0, size: 14) <= 120 })
        let two = TextLayout.lines(text, size: 14, width: 120, maximumLines: 2, measurer: m)
        #expect(two.count == 2 && two[0] == "Seven hills," && two[1].hasSuffix("…") && m.width(of: two[1], size: 14) <= 120)
    }

    @Test func aWordWiderThanTheLineBreaksBetweenCharacters() {
        #expect(TextLayout.lines("Llanfairpwllgwyngyll", size: 14, width: 80, measurer: m) == ["Llanfair", "pwllgwyn", "gyll"])
    }

    @Test func hardBreaksAndEmptyText() {
        #expect(TextLayout.lines("a\n\nb", size: 14, width: 100, measurer: m) == ["a", "", "b"])
        #expect(TextLayout.lines("", size: 14, width: 100, measurer: m).isEmpty)
        #expect(TextLayout.height(of: "a b c", size: 16, width: 10, measurer: m) == 3 * TextLayout.lineHeight(size: 16))
        #expect(TextLayout.lineHeight(size: 16) == 20)
    }

    @Test func theEstimateIsDejaVusAverageAdvance() {
        #expect(EstimatedTextMeasurer.shared.width(of: "abcde", size: 10) == 30)
    }
}
