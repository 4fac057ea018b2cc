import Geometry
import Drawing
import Dynamics
import Layout
import Views

/// The `springy` scene: a long list whose rows lag behind the scroll and catch up like the iOS 7
/// Messages app, more the farther they are from the pointer.
public final class SpringyScene: Scene, CollectionViewDataSource {
    public let kind = SceneKind.springy
    public let instructions = "Scroll with the wheel or drag the list: rows far from the pointer lag and catch up"

    /// Number of rows (default 1000, up to 1,000,000).
    public let itemCount: Int
    let host: SceneHost
    /// The list.
    public let collectionView: CollectionView
    /// The layout (exposed for tests and the debug overlay).
    public let layout = SpringyFlowLayout()
    private var params: [SceneParameter]
    /// Row height, points.
    public static let rowHeight = 44.0

    /// Creates the scene with `items` rows in a window of `size` points.
    public init(items: Int = 1000, size: Size = Size(width: 1280, height: 800)) {
        itemCount = items
        host = SceneHost(size: size)
        layout.minimumLineSpacing = 6
        layout.sectionInset = EdgeInsets(top: 12, left: 12, bottom: 12, right: 12)
        collectionView = CollectionView(frame: host.contentFrame, collectionViewLayout: layout)
        params = [
            SceneParameter(name: "frequency", unit: "Hz", key: "f", range: 0.1...100, defaultValue: 6.8, step: .multiply(1.1)),
            SceneParameter(name: "damping", key: "d", range: 0...5, defaultValue: 1, step: .add(0.05)),
            SceneParameter(name: "resistance", key: "r", range: 0...0.02, defaultValue: 0.002, step: .add(0.0005)),
        ]
        layout.itemSize = Size(width: SpringyScene.rowWidth(host.contentFrame.width), height: SpringyScene.rowHeight)
        collectionView.register(RowCell.self, forCellWithReuseIdentifier: RowCell.reuseIdentifier)
        collectionView.allowsSelection = false
        collectionView.dataSource = self
        host.window.rootView.addSubview(collectionView)
    }

    static func rowWidth(_ width: Double) -> Double { max(40, width - 24) }

    // MARK: Scene

    public var parameters: [SceneParameter] { params }

    public func setParameter(_ name: String, to value: Double) {
        guard let v = params.set(name, to: value) else { return }
        switch name {
        case "frequency": layout.frequency = v
        case "damping": layout.damping = v
        case "resistance": layout.scrollResistance = v
        default: break
        }
    }

    public func resize(to size: Size) {
        host.resize(to: size)
        collectionView.frame = host.contentFrame
        layout.itemSize = Size(width: SpringyScene.rowWidth(host.contentFrame.width), height: SpringyScene.rowHeight)
        layout.resetSprings()
    }

    public func handle(_ input: SceneInput) -> Bool { host.handle(input) }

    public func update(time: Double, dt: Double) { host.update(time: time, dt: dt) }

    public func draw(into list: inout DisplayList) {
        host.window.draw(into: &list)
    }

    public func drawDebug(into list: inout DisplayList) { host.drawDebug(collectionView, into: &list) }

    public var status: SceneStatus {
        guard let a = layout.dynamicAnimator else { return SceneStatus() }
        return SceneStatus(animatorRunning: a.isRunning, itemsInMotion: a.isRunning ? layout.springs.count : 0,
                           behaviors: layout.springs.count)
    }

    public var plot: ScenePlot? { .spring(frequency: layout.frequency, dampingRatio: layout.damping) }

    public func dump() -> SceneDump {
        let items = host.dumpItems(collectionView, label: { "Row \($0.item)" })
        var dump = SceneDump(animatorRunning: layout.dynamicAnimator?.isRunning ?? false, items: items)
        dump.dynamicItems = host.dumpDynamicItems(collectionView)
        return dump
    }

    // MARK: Data source

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { itemCount }

    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: RowCell.reuseIdentifier, for: indexPath) as! RowCell
        cell.configure(index: indexPath.item)
        return cell
    }
}
