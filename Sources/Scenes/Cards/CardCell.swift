import Geometry
import Drawing
import Layout
import Views

/// A city card: a rounded rectangle in the city's colour with its name and country; as it
/// expands its corners square off (radius 6 → 0) and its description and close button fade in.
final class CardCell: CollectionViewCell {
    static let reuseIdentifier = "CardCell"
    /// Corner radius of a card in the carousel, points.
    static let cornerRadius = 6.0

    let nameLabel = Label()
    let countryLabel = Label()
    let summaryLabel = Label()
    /// The round close button: a click on it closes the open card (the card's body is not a tap
    /// target); it darkens while pressed.
    let closeButton = View()
    /// Whether the pointer is held on the close button.
    var isClosePressed = false {
        didSet { closeButton.backgroundColor = Color(white: 0, alpha: isClosePressed ? 0.6 : 0.35) }
    }
    let closeLabel = Label(text: "×")
    /// Where the card reads its expansion from (the scene's layout).
    weak var carousel: CarouselLayout?

    required init(frame: Rect = .zero) {
        super.init(frame: frame)
        cornerRadius = CardCell.cornerRadius
        clipsToBounds = true
        nameLabel.fontSize = 28
        countryLabel.fontSize = 15
        countryLabel.textColor = Color(white: 1, alpha: 0.8)
        summaryLabel.fontSize = 18
        summaryLabel.alpha = 0
        closeButton.backgroundColor = Color(white: 0, alpha: 0.35)
        closeButton.cornerRadius = 18
        closeButton.alpha = 0
        closeLabel.fontSize = 24
        closeLabel.textAlignment = .center
        closeButton.addSubview(closeLabel)
        for v in [nameLabel, countryLabel, summaryLabel, closeButton] { contentView.addSubview(v) }
        contentView.isUserInteractionEnabled = false
    }

    func configure(with city: City) {
        backgroundColor = city.color
        nameLabel.text = city.name
        countryLabel.text = city.country
        summaryLabel.text = city.summary
    }

    /// Applies the layout's attributes, then the expansion: corner radius 6 → 0, description and
    /// close button alpha 0 → 1.
    override func apply(_ layoutAttributes: LayoutAttributes) {
        super.apply(layoutAttributes)
        let e = carousel?.expansion(for: layoutAttributes.indexPath) ?? 0
        cornerRadius = CardCell.cornerRadius * clamp(1 - e, 0, 1)
        summaryLabel.alpha = clamp(e, 0, 1)
        closeButton.alpha = clamp(e, 0, 1)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let w = bounds.width, h = bounds.height
        // The text block drifts toward the middle as the card grows, clear of the HUD's corner.
        let x = 20 + max(0, w - CardsScene.cardSize.width) * 0.32
        let y = 18 + max(0, h - CardsScene.cardSize.height) * 0.3
        nameLabel.frame = Rect(x: x, y: y, width: max(0, w - x - 56), height: 36)
        countryLabel.frame = Rect(x: x, y: y + 38, width: max(0, w - x - 20), height: 20)
        summaryLabel.frame = Rect(x: x, y: y + 78, width: max(0, w - x - 20), height: 26)
        closeButton.frame = Rect(x: w - 52, y: 16, width: 36, height: 36)
        closeLabel.frame = Rect(x: 0, y: 0, width: 36, height: 34)
    }
}
