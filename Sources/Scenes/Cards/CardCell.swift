import Geometry
import Drawing
import Layout
import Views

/// A city card: the city's picture on top, then its name, its country and its description on a
/// dark body in the city's colour (``CityPalette``). In the carousel (250 × 350) the description
/// shows as many lines as fit, ending with "…"; as the card expands its corners square off
/// (radius 6 → 0), the close button fades in, and the text column reflows with the card's width
/// every frame until the whole description shows, like a detail view.
final class CardCell: CollectionViewCell {
    static let reuseIdentifier = "CardCell"
    /// Corner radius of a card in the carousel, points.
    static let cornerRadius = 6.0
    /// Font size of the city's name in the carousel, points: 28.
    static let nameSize = 28.0
    /// Font size of the city's name on the open card, points: 34 (a detail view's title); it
    /// grows with the expansion in whole points.
    static let openNameSize = 34.0
    /// Font size of the country, points: 15.
    static let countrySize = 15.0
    /// Font size of the description, points: 16.
    static let summarySize = 16.0
    /// The widest the text column gets, points: 640 (about 70 characters of the description, a
    /// comfortable line to read); on a wider card it is centred.
    static let maximumTextWidth = 640.0

    /// The dark strip under the picture that holds the text. It reaches under the picture by
    /// the carousel's corner radius, so its rounded top corners never show; the card itself has
    /// no background, so nothing is painted twice under the picture (the open card is drawn
    /// directly every frame, and the software renderer pays for every pixel it covers).
    let bodyView = View()
    let pictureView = CityPictureView()
    let nameLabel = Label()
    let countryLabel = Label()
    let summaryLabel = Label()
    /// The round close button: a click on it closes the open card (the card's body is not a tap
    /// target); it darkens while pressed.
    let closeButton = View()
    /// Whether the pointer is held on the close button.
    var isClosePressed = false {
        didSet { closeButton.backgroundColor = Self.closeButtonColor(pressed: isClosePressed) }
    }
    let closeLabel = Label(text: "×")
    /// Where the card reads its expansion from (the scene's layout).
    weak var carousel: CarouselLayout?

    /// The close button's fill: black at 50 % (70 % pressed) over the picture's sky, dark enough
    /// for the white × on any sky (``CityPalette``).
    static func closeButtonColor(pressed: Bool) -> Color { Color(white: 0, alpha: pressed ? 0.7 : 0.5) }

    required init(frame: Rect = .zero) {
        super.init(frame: frame)
        cornerRadius = CardCell.cornerRadius
        clipsToBounds = true
        // The picture and the body under it tile the card inside its rounded corners, so the
        // cards an open card covers need not be drawn.
        isOpaque = true
        // The content view fills the card, so its clip is the card's bounds, which both the
        // rasterizer and the direct path keep (a rasterized layer alone keeps a pixel of padding):
        // the picture's shapes that reach past the sides end at the card's edge either way.
        contentView.clipsToBounds = true
        nameLabel.fontSize = Self.nameSize
        countryLabel.fontSize = Self.countrySize
        summaryLabel.fontSize = Self.summarySize
        summaryLabel.numberOfLines = 0
        closeButton.backgroundColor = Self.closeButtonColor(pressed: false)
        closeButton.cornerRadius = 18
        closeButton.alpha = 0
        closeLabel.fontSize = 24
        closeLabel.textAlignment = .center
        closeButton.addSubview(closeLabel)
        for v in [bodyView, pictureView, nameLabel, countryLabel, summaryLabel, closeButton] { contentView.addSubview(v) }
        contentView.isUserInteractionEnabled = false
    }

    func configure(with city: City) {
        let palette = CityPalette(city: city)
        bodyView.backgroundColor = palette.body
        pictureView.city = city
        nameLabel.text = city.name
        nameLabel.textColor = palette.title
        countryLabel.text = city.country
        countryLabel.textColor = palette.secondaryText
        summaryLabel.text = city.summary
        summaryLabel.textColor = palette.bodyText
    }

    /// Applies the layout's attributes, then the expansion: corner radius 6 → 0 (the picture's
    /// top corners follow), the name 28 → 34 pt, description and close button alpha 0 → 1.
    override func apply(_ layoutAttributes: LayoutAttributes) {
        super.apply(layoutAttributes)
        let e = carousel?.expansion(for: layoutAttributes.indexPath) ?? 0
        cornerRadius = CardCell.cornerRadius * clamp(1 - e, 0, 1)
        let nameSize = (Self.nameSize + (Self.openNameSize - Self.nameSize) * clamp(e, 0, 1)).rounded()
        if nameLabel.fontSize != nameSize { nameLabel.fontSize = nameSize; setNeedsLayout() }
        pictureView.topCornerRadius = cornerRadius
        bodyView.cornerRadius = cornerRadius
        closeButton.alpha = clamp(e, 0, 1)
        // As in the source: the description fades in with the expansion (and reflows as it grows).
        summaryLabel.alpha = clamp(e, 0, 1)
    }

    /// The picture's height on a card `height` points tall: 60 % of a carousel card (210 of 350),
    /// then growing by half of what the card grows, so an open card keeps room for its text.
    static func pictureHeight(forCardHeight height: Double) -> Double {
        let carousel = CardsScene.cardSize.height
        return max(0, height <= carousel ? 0.6 * height : 0.6 * carousel + 0.5 * (height - carousel)).rounded()
    }

    /// Lays the card out for its bounds, which the layout animates every frame while the card
    /// expands: the picture across the top, the text column below it, as wide as the card allows
    /// up to ``maximumTextWidth``; the description gets the lines that fit above the bottom margin
    /// and ends with "…" when it has more.
    override func layoutSubviews() {
        super.layoutSubviews()
        let w = bounds.width, h = bounds.height
        let pictureHeight = Self.pictureHeight(forCardHeight: h)
        pictureView.frame = Rect(x: 0, y: 0, width: w, height: pictureHeight)
        let tuck = min(CardCell.cornerRadius, pictureHeight)
        bodyView.frame = Rect(x: 0, y: pictureHeight - tuck, width: w, height: max(0, h - pictureHeight + tuck))
        // Margins open up from 20 pt on a carousel card to 40 on a wide one.
        let margin = clamp(w * 0.05, 20, 40)
        let column = max(0, min(w - 2 * margin, Self.maximumTextWidth))
        let x = (w - column) / 2
        var y = pictureHeight + margin * 0.7
        let nameHeight = TextLayout.lineHeight(size: nameLabel.fontSize)
        nameLabel.frame = Rect(x: x, y: y, width: column, height: nameHeight)
        y += nameHeight
        let countryHeight = TextLayout.lineHeight(size: Self.countrySize)
        countryLabel.frame = Rect(x: x, y: y, width: column, height: countryHeight)
        y += countryHeight + 10
        let lineHeight = TextLayout.lineHeight(size: Self.summarySize)
        let lines = Int(saturating: max(0, (h - margin * 0.8 - y) / lineHeight))
        summaryLabel.isHidden = lines == 0
        summaryLabel.numberOfLines = max(1, lines)
        let needed = summaryLabel.sizeThatFits(Size(width: column, height: .infinity)).height
        summaryLabel.frame = Rect(x: x, y: y, width: column, height: min(needed, Double(max(1, lines)) * lineHeight))
        closeButton.frame = Rect(x: w - 52, y: 16, width: 36, height: 36)
        closeLabel.frame = Rect(x: 0, y: 0, width: 36, height: 34)
    }
}
