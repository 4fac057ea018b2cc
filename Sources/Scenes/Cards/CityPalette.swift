import Drawing

/// The colours of one city's card, all made from ``City/color``: the picture's sky and
/// silhouettes, the card's body (the strip under the picture that holds the text) and the text
/// drawn on it. Every text colour reaches WCAG's 4.5:1 against the body whatever the city colour:
/// the body is darkened until it does (``minimumContrast``).
public struct CityPalette: Sendable, Hashable {
    /// The contrast every text colour has at least against ``body``: WCAG 2's 4.5:1 for body text.
    public static let minimumContrast = 4.5
    /// Near-black with a little blue, what the body and the night sky are darkened toward.
    static let ink = Color(hex: 0x0B0D14)
    /// Deep navy, what the top of the sky is darkened toward.
    static let night = Color(hex: 0x141A33)

    /// The time of day a picture shows, picked from the city's name.
    public enum Mood: Int, Sendable, Hashable, CaseIterable {
        /// A low sun over a glowing horizon, a few windows lit.
        case dusk
        /// A moon and stars over a dark sky, many windows lit.
        case night
        /// A high sun in a clear sky, windows unlit.
        case day
    }

    /// The time of day of the picture.
    public let mood: Mood
    /// The sky at the top of the picture (opaque).
    public let skyTop: Color
    /// The sky at the horizon (opaque).
    public let skyHorizon: Color
    /// The sun or the moon.
    public let sun: Color
    /// The distant hills and mountains: half-way between the top of the sky and its horizon.
    public let haze: Color
    /// The far skyline's silhouette: half-way between the horizon and the body.
    public let farSkyline: Color
    /// The landmark's silhouette: darker than the far skyline behind it, a little lighter than the
    /// near skyline in front of it.
    public let landmark: Color
    /// An accent for landmarks that carry the city's colour (a bridge, a gate).
    public let accent: Color
    /// The card's body and the near skyline, which merges into it: the city colour darkened
    /// until ``secondaryText`` and ``bodyText`` reach ``minimumContrast`` on it.
    public let body: Color
    /// A lit window on the near skyline.
    public let window: Color
    /// The name: white.
    public let title: Color
    /// The country: a pale tint of the city colour.
    public let secondaryText: Color
    /// The description: white at 82 % (composite it over ``body`` to compare).
    public let bodyText: Color

    /// The palette of `city`, its mood from its name.
    public init(city: City) {
        self.init(color: city.color, mood: Mood.allCases[Int(CityPicture.seed(of: city.name) % UInt64(Mood.allCases.count))])
    }

    /// The palette of a city of colour `color` at time `mood`.
    public init(color: Color, mood: Mood) {
        let c = color.withAlpha(1)
        self.mood = mood
        title = .white
        secondaryText = c.mixed(with: .white, 0.72)
        bodyText = Color(white: 1, alpha: 0.82)
        // Darken until both text colours read; the default palette stops at the first step.
        var darkening = 0.55
        var body = c.mixed(with: Self.ink, darkening)
        while darkening < 1, min(secondaryText.contrastRatio(with: body), bodyText.composited(over: body).contrastRatio(with: body))
                < Self.minimumContrast + 0.1 {
            darkening += 0.05
            body = c.mixed(with: Self.ink, min(1, darkening))
        }
        self.body = body
        switch mood {
        case .dusk:
            skyTop = c.mixed(with: Self.night, 0.55)
            skyHorizon = c.mixed(with: Color(hex: 0xFFD9A0), 0.45)
            sun = Color(hex: 0xFFF1D0)
            window = Color(hex: 0xFFD98A)
        case .night:
            // The city's lights glow on the horizon.
            skyTop = c.mixed(with: Self.ink, 0.8)
            skyHorizon = c.mixed(with: Color(hex: 0xFFE2B0), 0.12)
            sun = Color(hex: 0xF4F1E6)
            window = Color(hex: 0xFFCF70)
        case .day:
            skyTop = c.mixed(with: Color(hex: 0x1E3C78), 0.35)
            skyHorizon = c.mixed(with: .white, 0.55)
            sun = Color(hex: 0xFFFBEA)
            window = body.mixed(with: skyHorizon, 0.35)
        }
        // Farther is paler (aerial perspective): hills, far skyline, landmark, near skyline.
        // Mountains take on the colour of the sky above them.
        haze = skyTop.mixed(with: skyHorizon, 0.2)
        farSkyline = skyHorizon.mixed(with: body, 0.52)
        landmark = skyHorizon.mixed(with: body, 0.8)
        accent = c.mixed(with: Self.ink, 0.25)
    }
}
