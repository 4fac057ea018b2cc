import Testing
import Geometry
import Drawing
import Views
@testable import Scenes

/// Issue 13, "cards look like city cards": each city's generated picture, text that reads on the
/// card (WCAG 4.5:1), a detail view whose description wraps inside the card and reflows while
/// it grows, and names that end with "…" when they do not fit.
@Suite struct CardLookTests {
    static let middle = Point(x: 640, y: 415)

    /// A city whose name and description are far too long for a card.
    static let longCity = City(
        name: "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch", country: "Wales, United Kingdom",
        color: Color(hex: 0xD08C3A),
        summary: "A village on Anglesey with the longest place name in Europe, fifty-eight letters that a Victorian "
            + "tailor is said to have strung together to keep the trains stopping. Its station sign is photographed "
            + "more than its church, which stands by the Menai Strait under the column of the Marquess of Anglesey. "
            + "Say it slowly: the pool in the hollow of white hazel, near the fierce whirlpool.",
        landmark: .churchTower)

    /// The cell showing item `item`, laid out.
    func cell(_ scene: CardsScene, _ item: Int = 0) throws -> CardCell {
        try #require(scene.collectionView.cellForItem(at: IndexPath(item: item, section: 0)) as? CardCell)
    }

    /// Opens the middle card and advances `seconds` (0.15: half-way along easeInOut; 0.4: open).
    func openMiddle(_ d: SceneDriver, for seconds: Double) {
        d.down(Self.middle); d.step(); d.up(Self.middle)
        d.run(seconds)
    }

    // MARK: Contrast

    /// Every city's text against the card body it is drawn on, and the close button's × against
    /// the button over the sky it sits on, reach 4.5:1.
    @Test(arguments: City.samples + [longCity])
    func everyTextReadsOnItsBackground(city: City) {
        let card = CardCell()
        card.configure(with: city)
        let body = card.bodyView.backgroundColor
        #expect(body.alpha == 1, "the body is opaque")
        for label in [card.nameLabel, card.countryLabel, card.summaryLabel] {
            let ratio = label.textColor.composited(over: body).contrastRatio(with: body)
            #expect(ratio >= 4.5, "\(city.name): \(label.text.prefix(20)) \(ratio)")
        }
        // The open card's ×: white on the button (pressed or not) over every fill under the
        // button, in the default window, beside the docked HUD, narrow and at the minimum size.
        let picture = CityPicture(city: city)
        for size in [Size(width: 1280, height: 770), Size(width: 980, height: 770), Size(width: 672, height: 490),
                     Size(width: 612, height: 450)] {
            let pictureSize = Size(width: size.width, height: CardCell.pictureHeight(forCardHeight: size.height))
            let button = Rect(x: size.width - 52, y: 16, width: 36, height: 36)
            let under = picture.commands(size: pictureSize, topCornerRadius: 0).compactMap { c -> Color? in
                guard case let .fill(r, _, color, alpha, t) = c, t.isIdentity, r.intersects(button) else { return nil }
                return color.fading(alpha)
            }
            #expect(!under.isEmpty)
            for color in under {
                #expect(color.alpha == 1, "\(city.name) \(size): only the sky's opaque bands lie under the ×, not \(color)")
                for pressed in [false, true] {
                    let fill = CardCell.closeButtonColor(pressed: pressed).composited(over: color)
                    let ratio = card.closeLabel.textColor.composited(over: fill).contrastRatio(with: fill)
                    #expect(ratio >= 4.5, "\(city.name) \(size): × on \(fill) \(ratio)")
                }
            }
        }
    }

    /// The palette darkens the body until the text reads, whatever the colour: even a pale yellow.
    @Test func thePaletteDarkensThePalestColours() {
        for color in [Color.white, Color(hex: 0xFFF3A0), Color.yellow, Color(hex: 0x9BE15D)] {
            for mood in CityPalette.Mood.allCases {
                let p = CityPalette(color: color, mood: mood)
                #expect(p.title.contrastRatio(with: p.body) >= 4.5)
                #expect(p.secondaryText.contrastRatio(with: p.body) >= 4.5, "\(color) \(mood)")
                #expect(p.bodyText.composited(over: p.body).contrastRatio(with: p.body) >= 4.5, "\(color) \(mood)")
            }
        }
    }

    // MARK: Text layout

    /// The long description wraps inside the growing card: at half-way and fully open every line
    /// measures at most the label's width, the label lies inside the card and is laid out for the
    /// card's current (animated) width, and what is drawn is those lines. Half-way, what does
    /// not fit ends with "…". In the narrow window the column widens from half-way to open, so
    /// the lines break elsewhere (they reflow); in the default one it has reached its 640-pt cap
    /// by half-way and the open card shows the whole description.
    @Test(arguments: [Size(width: 1280, height: 800), Size(width: 700, height: 520)])
    func theDescriptionWrapsInsideTheCardAndReflowsAsItGrows(size: Size) throws {
        let scene = CardsScene(cities: [Self.longCity] + City.samples, size: size)
        let d = SceneDriver(scene)
        let middle = Point(x: size.width / 2, y: 30 + (size.height - 30) / 2)
        d.down(middle); d.step(); d.up(middle)
        d.run(0.15)
        #expect(abs(scene.expansion - 0.5) < 0.1, "half-way: \(scene.expansion)")
        let card = try cell(scene)
        let halfWidth = card.summaryLabel.bounds.width
        let half = try checkDescription(of: card, in: scene)
        #expect(half.last?.hasSuffix(TextLayout.ellipsis) == true, "\(half)")
        d.run(0.3)
        #expect(scene.expansion == 1)
        let open = try checkDescription(of: card, in: scene)
        #expect(open.count > 2 && half != open, "\(half) → \(open)")
        if size.width >= 1280 {
            #expect(open.joined(separator: " ") == Self.longCity.summary, "the open card shows all of it: \(open)")
        } else {
            #expect(card.summaryLabel.bounds.width > halfWidth + 100)
            #expect(half[0] != open[0], "the first line takes more words in the wider column")
        }
    }

    /// Checks the open card's description layout against the card as it is now and returns its lines.
    private func checkDescription(of card: CardCell, in scene: CardsScene) throws -> [String] {
        let label = card.summaryLabel
        let b = card.bounds, f = label.frame
        let measurer = EstimatedTextMeasurer.shared
        #expect(scene.textMeasurer === measurer)
        // Laid out for this frame's bounds (the layout animates them every frame).
        #expect(abs(f.width - min(b.width - 2 * min(max(b.width * 0.05, 20), 40), CardCell.maximumTextWidth)) < 1e-9,
                "\(f) in \(b)")
        #expect(f.minX >= 20 && f.maxX <= b.width - 20 && f.minY >= card.pictureView.frame.maxY && f.maxY <= b.height - 16,
                "\(f) in \(b)")
        let lines = label.lines(forWidth: f.width)
        #expect(!lines.isEmpty)
        #expect(Double(lines.count) * TextLayout.lineHeight(size: label.fontSize) <= f.height + 1e-9)
        for line in lines { #expect(measurer.width(of: line, size: label.fontSize) <= f.width, "\(line)") }
        // What is drawn is this frame's lines (the rasterized card is drawn again as it grows).
        var list = DisplayList()
        scene.draw(into: &list)
        let drawn = list.flattened.items.compactMap { item -> String? in
            guard case let .text(s, _, size, _, _, _) = item.command, size == CardCell.summarySize, item.z == 1 else { return nil }
            return s
        }
        #expect(drawn == lines)
        return lines
    }

    /// A name too long for a 250-pt card ends with "…" and fits, in the carousel and open.
    @Test func aLongNameEndsWithAnEllipsis() throws {
        let scene = CardsScene(cities: [Self.longCity] + City.samples, size: Size(width: 1280, height: 800))
        let d = SceneDriver(scene)
        let card = try cell(scene)
        #expect(card.bounds.size == CardsScene.cardSize)
        for _ in 0..<2 {
            let label = card.nameLabel
            let lines = label.lines(forWidth: label.bounds.width)
            #expect(lines.count == 1 && lines[0].hasSuffix(TextLayout.ellipsis) && lines[0].count > 5, "\(lines)")
            #expect(EstimatedTextMeasurer.shared.width(of: lines[0], size: label.fontSize) <= label.bounds.width)
            #expect(label.frame.minX >= 0 && label.frame.maxX <= card.bounds.width)
            openMiddle(d, for: 0.4)
        }
        // Short names are left alone.
        let lisbon = try cell(scene, 1)
        #expect(lisbon.nameLabel.lines(forWidth: lisbon.nameLabel.bounds.width) == ["Lisbon"])
    }

    /// In the carousel every card shows its name, its country and the start of its description,
    /// ending with "…", inside the 250 × 350 card, under the picture.
    @Test func carouselCardsShowTheStartOfTheDescription() throws {
        let scene = CardsScene(size: Size(width: 1280, height: 800))
        _ = SceneDriver(scene)
        for item in 0..<3 {
            let card = try cell(scene, item)
            let label = card.summaryLabel
            let lines = label.lines(forWidth: label.bounds.width)
            #expect(lines.count == 2 && lines[1].hasSuffix(TextLayout.ellipsis), "\(lines)")
            #expect(card.pictureView.frame == Rect(x: 0, y: 0, width: 250, height: 210))
            #expect(card.nameLabel.frame.minY >= 210 && label.frame.maxY <= 350 - 16)
        }
    }

    // MARK: The picture

    /// The same city gives the same picture (from fresh views: nothing depends on state or on
    /// the run); other cities give other pictures; every shape stays inside the picture's top and
    /// bottom (the sides are cut at the card's edge).
    @Test func thePictureIsDeterministicAndStaysInside() {
        func drawn(_ city: City, _ size: Size) -> DisplayList {
            let window = Window(size: size)
            let view = CityPictureView(frame: Rect(origin: .zero, size: size))
            view.city = city
            view.topCornerRadius = 6
            window.rootView.addSubview(view)
            return window.makeDisplayList()
        }
        let sizes = [Size(width: 250, height: 210), Size(width: 640, height: 352.5), Size(width: 1280, height: 420)]
        var seen: [[DisplayList.Item]] = []
        for city in City.samples + [Self.longCity] {
            for size in sizes {
                let a = drawn(city, size), b = drawn(city, size)
                #expect(a.items == b.items && a.count > 40, "\(city.name) \(size)")
                for item in a.items {
                    let box: Rect
                    switch item.command {
                    case let .fill(r, _, _, _, t): box = Rect(center: r.center, size: r.size).applying(
                        AffineTransform(translationX: -r.midX, y: -r.midY).concatenating(t)
                            .concatenating(AffineTransform(translationX: r.midX, y: r.midY)))
                    case let .stroke(points, _, w, _):
                        let ys = points.map(\.y)
                        box = Rect(x: 0, y: ys.min()! - w / 2, width: 1, height: ys.max()! - ys.min()! + w)
                    default: Issue.record("unexpected \(item.command)"); continue
                    }
                    #expect(box.minY >= -1e-9 && box.maxY <= size.height + 1e-9, "\(city.name) \(size): \(item.command)")
                }
            }
            seen.append(drawn(city, sizes[0]).items)
        }
        for i in seen.indices { for j in seen.indices where j > i { #expect(seen[i] != seen[j]) } }
        #expect(Set(City.samples.map(\.landmark)).count == City.samples.count, "a landmark per city")
    }

    /// Every city's description has two to four sentences.
    @Test(arguments: City.samples)
    func everyCityHasADescription(city: City) {
        let sentences = city.summary.split(whereSeparator: { ".!?".contains($0) }).filter { $0.contains(" ") }
        #expect((2...4).contains(sentences.count), "\(city.name): \(sentences.count)")
    }
}
