import Geometry

/// What a fuzz episode of each scene opens with (the fuzzer in Lab asks; the scenes know).
extension SceneKind {
    /// How many items a fuzz episode of this scene opens with, drawn from `random`: cells (drag:
    /// from one to 3000), rows (springy: up to a million), cards (mostly all the sample cities),
    /// exchange names (up to 60 in random sections; 0 for the sample line-up), or for the dynamics
    /// scene which demo it opens (an index into ``DynamicsScene/demoNames``); 0 for a file scene
    /// (its file says what it holds).
    package func randomItemCount(_ random: inout SeededRandom) -> Int {
        switch self {
        case .drag: [1, 2, 60, 1000, 1000, 3000][random.int(6)]
        case .springy: [1, 3, 1000, 1000, 100_000, 1_000_000][random.int(6)]
        case .cards: random.chance(0.7) ? City.samples.count : 1 + random.int(City.samples.count)
        case .exchange: random.chance(0.5) ? 0 : 1 + random.int(60)
        case .dynamics: random.int(DynamicsScene.demoNames.count)
        case .file: 0
        }
    }

    /// How a scene opened with `count` items (``randomItemCount(_:)``) is configured: an item
    /// count, for the exchange scene a random line-up of `count` names (nil: the sample), for the
    /// dynamics scene the demo numbered `count`.
    package func fuzzStart(items count: Int, _ random: inout SeededRandom)
        -> (items: Int?, exchangeModel: ExchangeModel?, demo: String?) {
        switch self {
        case .exchange: return (nil, count == 0 ? nil : ExchangeModel.random(names: count, &random), nil)
        case .dynamics: return (nil, nil, DynamicsScene.demoNames[count % DynamicsScene.demoNames.count])
        default: return (count, nil, nil)
        }
    }
}

extension ExchangeModel {
    /// `names` unique names ("N0", "N1", …) in 1 to 5 sections (some may be empty), a few of them locked.
    package static func random(names: Int, _ random: inout SeededRandom) -> ExchangeModel {
        let sectionCount = 1 + random.int(5)
        var sections = Array(repeating: [String](), count: sectionCount)
        for i in 0..<names { sections[random.int(sectionCount)].append("N\(i)") }
        if sections.allSatisfy(\.isEmpty) { sections[0].append("N0") }
        let all = sections.flatMap { $0 }
        let locked = Set((0..<random.int(4)).map { _ in all[random.int(all.count)] })
        // Unique names, locked ones among them: always a valid line-up.
        return try! ExchangeModel(sections: sections, locked: locked)
    }
}
