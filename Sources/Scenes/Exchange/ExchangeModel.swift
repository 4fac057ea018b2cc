import Geometry

/// The exchange scene's data: sections of unique names (a team line-up) and the names that are
/// locked (cannot be caught or displaced).
///
/// The app loads and saves it as JSON `{"sections": [["Ana", "Ben"], ["Cy"]], "locked": ["Cy"]}`
/// through ``init(sections:locked:titles:)``, ``sections`` and ``locked``; this type does no I/O.
/// The only mutation is ``exchange(_:_:)``, a swap, so every change is a permutation: no name is
/// ever lost or duplicated.
public struct ExchangeModel: Sendable, Equatable {
    /// The names of each section, in order.
    public private(set) var sections: [[String]]
    /// The locked names (each appears in ``sections``).
    public let locked: Set<String>
    /// A title per section for the headers (not part of the JSON file); "Section 1", … by default.
    public let titles: [String]

    /// A model of `sections` with `locked` names and optional section `titles`.
    ///
    /// - Throws: ``ExchangeModelError`` when a name is empty (or only spaces), a name appears
    ///   twice, or a locked name is in no section.
    public init(sections: [[String]], locked: Set<String> = [], titles: [String]? = nil) throws(ExchangeModelError) {
        self.sections = sections
        self.locked = locked
        self.titles = sections.indices.map { s in
            if let t = titles, t.indices.contains(s) { return t[s] }
            return "Section \(s + 1)"
        }
        if let problem = validate() { throw ExchangeModelError(problem) }
    }

    /// A football line-up: "Forwards", "Midfield" and "Defence" with eight names each; "Kofi"
    /// (the captain) and "Wen" are locked.
    public static let sample: ExchangeModel = try! ExchangeModel(
        sections: [
            ["Ana", "Ben", "Chidi", "Dara", "Eli", "Farah", "Goran", "Hana"],
            ["Ines", "Jonas", "Kofi", "Lena", "Mateo", "Nadia", "Oskar", "Priya"],
            ["Quinn", "Rosa", "Sami", "Tomas", "Uma", "Viktor", "Wen", "Yara"],
        ],
        locked: ["Kofi", "Wen"],
        titles: ["Forwards", "Midfield", "Defence"])

    /// Checks the invariants: no empty (or all-whitespace) name, no name twice, every locked name
    /// present. Returns one line naming the first problem (sections and items counted from 1), or
    /// nil when the model is valid.
    public func validate() -> String? {
        var seen: [String: Int] = [:]
        for (s, names) in sections.enumerated() {
            for (i, name) in names.enumerated() {
                if name.allSatisfy(\.isWhitespace) { return "section \(s + 1), item \(i + 1): the name is empty" }
                if let first = seen[name] {
                    return first == s ? "name \"\(name)\" appears twice in section \(s + 1)"
                                      : "name \"\(name)\" appears twice (sections \(first + 1) and \(s + 1))"
                }
                seen[name] = s
            }
        }
        for name in locked.sorted() where seen[name] == nil {
            return "locked name \"\(name)\" is in no section"
        }
        return nil
    }

    // MARK: Reading

    /// The number of sections.
    public var numberOfSections: Int { sections.count }
    /// The number of names in `section` (0 for a section that does not exist).
    public func numberOfItems(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].count : 0
    }
    /// Whether `indexPath` names an item of the model.
    public func contains(_ indexPath: IndexPath) -> Bool {
        sections.indices.contains(indexPath.section) && sections[indexPath.section].indices.contains(indexPath.item)
    }
    /// The name at `indexPath`, or nil when there is no such item.
    public func name(at indexPath: IndexPath) -> String? {
        contains(indexPath) ? sections[indexPath.section][indexPath.item] : nil
    }
    /// The name at `indexPath`. - Precondition: the item exists.
    public subscript(indexPath: IndexPath) -> String { sections[indexPath.section][indexPath.item] }
    /// Whether the item at `indexPath` is locked (false when there is no such item).
    public func isLocked(at indexPath: IndexPath) -> Bool { name(at: indexPath).map(locked.contains) ?? false }
    /// Where `name` is, or nil.
    public func indexPath(of name: String) -> IndexPath? {
        for (s, names) in sections.enumerated() {
            if let i = names.firstIndex(of: name) { return IndexPath(item: i, section: s) }
        }
        return nil
    }

    // MARK: Changing

    /// Swaps the names at `a` and `b` (nothing happens when they are equal).
    ///
    /// - Precondition: both items exist; traps with "ExchangeModel: no item at [s, i]".
    public mutating func exchange(_ a: IndexPath, _ b: IndexPath) {
        precondition(contains(a), "ExchangeModel: no item at \(a)")
        precondition(contains(b), "ExchangeModel: no item at \(b)")
        guard a != b else { return }
        let t = sections[a.section][a.item]
        sections[a.section][a.item] = sections[b.section][b.item]
        sections[b.section][b.item] = t
    }
}
