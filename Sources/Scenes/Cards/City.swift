import Drawing

/// One card of the `cards` scene: a city with its country, a colour, a short description and the
/// landmark its picture shows.
public struct City: Sendable, Hashable {
    /// The city's name, shown large on the card (and the dump's item label).
    public var name: String
    /// The country, shown under the name.
    public var country: String
    /// The city's colour: its picture's sky is made from it, and the card's body is a dark shade
    /// of it (``CityPalette``).
    public var color: Color
    /// A description of two to four sentences: the card in the carousel shows what fits of it
    /// (ending with "…"), the open card all of it.
    public var summary: String
    /// What stands out on the city's skyline in its picture; default ``CityLandmark/none``.
    public var landmark: CityLandmark

    /// Creates a city card's data.
    public init(name: String, country: String, color: Color, summary: String, landmark: CityLandmark = .none) {
        self.name = name; self.country = country; self.color = color; self.summary = summary; self.landmark = landmark
    }

    /// The ten cities the scene shows by default.
    public static let samples: [City] = [
        City(name: "Lisbon", country: "Portugal", color: Color(hex: 0xC8553D),
             summary: "Seven hills, yellow trams and the light over the Tagus. Tram 28 rattles up through the Alfama "
                + "to the castle walls, past tiled façades and washing lines. Evenings end at a miradouro, looking "
                + "across the river to the red suspension bridge.",
             landmark: .suspensionBridge),
        City(name: "Kyoto", country: "Japan", color: Color(hex: 0x8E5572),
             summary: "Two thousand temples and the maples of Arashiyama. The five-storey pagoda of Tō-ji has stood "
                + "over the city for almost four centuries. Walk the vermilion gates of Fushimi Inari at dawn, "
                + "before the crowds arrive.",
             landmark: .pagoda),
        City(name: "Reykjavík", country: "Iceland", color: Color(hex: 0x3D7EA6),
             summary: "Geothermal pools under the northern lights. The concrete tower of Hallgrímskirkja, shaped like "
                + "basalt columns, looks out over bright tin roofs. In June the sun barely sets; in December it "
                + "barely rises.",
             landmark: .churchTower),
        City(name: "Marrakesh", country: "Morocco", color: Color(hex: 0xD08C3A),
             summary: "The souks and the square of Jemaa el-Fna at dusk. The Koutoubia minaret has stood over the "
                + "medina since the twelfth century. Get lost among the spice stalls, then find calm in a riad's "
                + "shaded courtyard.",
             landmark: .minaret),
        City(name: "Amsterdam", country: "Netherlands", color: Color(hex: 0x4F7C5A),
             summary: "Canals, bridges, bicycles and gabled houses. Narrow merchants' homes lean over the water, each "
                + "with a hoisting beam under its gable. Rent a bike, or take a boat around the ring of "
                + "seventeenth-century canals.",
             landmark: .gables),
        City(name: "Buenos Aires", country: "Argentina", color: Color(hex: 0x5C6BC0),
             summary: "Tango in San Telmo and the colours of La Boca. The Obelisco rises where the Avenida 9 de Julio, "
                + "one of the widest avenues in the world, crosses Corrientes. Dinner starts late here, rarely "
                + "before ten.",
             landmark: .obelisk),
        City(name: "Cape Town", country: "South Africa", color: Color(hex: 0x2A9D8F),
             summary: "Table Mountain above two oceans. A cable car climbs to its flat summit, often under a "
                + "tablecloth of cloud. Below, the bright houses of the Bo-Kaap climb the slopes of Signal Hill.",
             landmark: .tableMountain),
        City(name: "Istanbul", country: "Türkiye", color: Color(hex: 0xA23E48),
             summary: "Where the Bosphorus joins Europe and Asia. Domes and minarets crown the old city, from Hagia "
                + "Sophia to the Blue Mosque. Cross by ferry at sunset, with tea and a simit on deck.",
             landmark: .domes),
        City(name: "Vancouver", country: "Canada", color: Color(hex: 0x3B8EA5),
             summary: "Mountains, sea and rain forest at the city's edge. Glass towers crowd the downtown peninsula, "
                + "with the cedars of Stanley Park at its tip. Ski in the morning, kayak in the afternoon.",
             landmark: .mountains),
        City(name: "Hanoi", country: "Vietnam", color: Color(hex: 0x7A9E3B),
             summary: "Lakes, scooters and street food in the Old Quarter. A red wooden bridge arches across Hoan "
                + "Kiem Lake to the Temple of the Jade Mountain. Mornings begin with tai chi by the water and a "
                + "bowl of pho.",
             landmark: .archBridge),
    ]
}
