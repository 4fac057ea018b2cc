/// One tunable of a scene, described once: its API name (JSON, `--dump`), hotkey, unit, range,
/// step and choice names, and where its value lives in the scene's tunables struct.
public struct Tunable<Values> {
    public let name: String
    public let key: String
    public let unit: String
    public let range: ClosedRange<Double>
    public let step: ParameterStep
    public let choices: [String]
    public let keyPath: WritableKeyPath<Values, Double>
    /// What the HUD row and the help card call it when not its name (``SceneParameter/label``), or nil.
    public let label: String?

    public init(_ name: String, label: String? = nil, key: String, unit: String = "", range: ClosedRange<Double>, step: ParameterStep,
                choices: [String] = [], _ keyPath: WritableKeyPath<Values, Double>) {
        self.name = name; self.label = label; self.key = key; self.unit = unit; self.range = range; self.step = step
        self.choices = choices; self.keyPath = keyPath
    }
}

/// A scene's tunables as one value type: its stored properties' initial values are the defaults
/// (the one place each default is written), and ``table`` describes each of them once, for the
/// HUD, the hotkeys, `--params` and `--dump`.
public protocol SceneTunables {
    /// The defaults.
    init()
    /// Every tunable, in HUD order.
    static var table: [Tunable<Self>] { get }
}

extension SceneTunables {
    /// The tunables as the HUD, hotkeys and files see them (defaults from ``init()``).
    public var parameters: [SceneParameter] {
        let defaults = Self()
        return Self.table.map { t in
            var p = SceneParameter(name: t.name, label: t.label, unit: t.unit, key: t.key, range: t.range,
                                   defaultValue: defaults[keyPath: t.keyPath], step: t.step, choices: t.choices)
            p.value = self[keyPath: t.keyPath]
            return p
        }
    }

    /// Sets tunable `name` to `value` clamped to its range; returns the stored value, or nil when
    /// there is no such tunable (nothing changes then).
    @discardableResult
    public mutating func set(_ name: String, to value: Double) -> Double? {
        guard let t = Self.table.first(where: { $0.name == name }), !value.isNaN else { return nil }
        let v = Swift.min(Swift.max(value, t.range.lowerBound), t.range.upperBound)
        self[keyPath: t.keyPath] = v
        return v
    }
}
