import Drawing

/// One card of the `cards` scene: a city with its country, a colour and a one-line description.
public struct City: Sendable, Hashable {
    /// The city's name, shown large on the card (and the dump's item label).
    public var name: String
    /// The country, shown under the name.
    public var country: String
    /// The card's background colour.
    public var color: Color
    /// One line shown when the card is expanded.
    public var summary: String

    /// Creates a city card's data.
    public init(name: String, country: String, color: Color, summary: String) {
        self.name = name; self.country = country; self.color = color; self.summary = summary
    }

    /// The ten cities the scene shows by default.
    public static let samples: [City] = [
        City(name: "Lisbon", country: "Portugal", color: Color(hex: 0xC8553D),
             summary: "Seven hills, yellow trams and the light over the Tagus."),
        City(name: "Kyoto", country: "Japan", color: Color(hex: 0x8E5572),
             summary: "Two thousand temples and the maples of Arashiyama."),
        City(name: "Reykjavík", country: "Iceland", color: Color(hex: 0x3D7EA6),
             summary: "Geothermal pools under the northern lights."),
        City(name: "Marrakesh", country: "Morocco", color: Color(hex: 0xD08C3A),
             summary: "The souks and the square of Jemaa el-Fna at dusk."),
        City(name: "Amsterdam", country: "Netherlands", color: Color(hex: 0x4F7C5A),
             summary: "Canals, bridges, bicycles and gabled houses."),
        City(name: "Buenos Aires", country: "Argentina", color: Color(hex: 0x5C6BC0),
             summary: "Tango in San Telmo and the colours of La Boca."),
        City(name: "Cape Town", country: "South Africa", color: Color(hex: 0x2A9D8F),
             summary: "Table Mountain above two oceans."),
        City(name: "Istanbul", country: "Türkiye", color: Color(hex: 0xA23E48),
             summary: "Where the Bosphorus joins Europe and Asia."),
        City(name: "Vancouver", country: "Canada", color: Color(hex: 0x3B8EA5),
             summary: "Mountains, sea and rain forest at the city's edge."),
        City(name: "Hanoi", country: "Vietnam", color: Color(hex: 0x7A9E3B),
             summary: "Lakes, scooters and street food in the Old Quarter."),
    ]
}
