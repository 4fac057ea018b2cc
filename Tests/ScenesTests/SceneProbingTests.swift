import Testing
import Geometry
import Scenes

/// Issue 38: each scene answers a fuzzer's probe for itself (``SceneProbing``), so the probe never
/// asks which scene it holds.
@Suite struct SceneProbingTests {
    @Test(arguments: SceneKind.builtIn)
    func everySceneNamesItsWindowAndBounds(_ kind: SceneKind) {
        let scene = SceneCatalog.make(kind, items: kind == .cards ? 3 : 40)
        #expect(scene.probedWindow != nil)
        let area = Size(width: 1000, height: 700)
        if kind == .dynamics {
            #expect(scene.probedCollectionView == nil)
            #expect(scene.cellBound(for: area) == Int.max)
        } else {
            #expect(scene.probedCollectionView != nil)
            #expect(scene.cellBound(for: area) < 1000)
        }
        #expect(!scene.isTransactionInProgress && !scene.holdsFlock && !scene.holdsSeedFlock)
        #expect(scene.restProblem(resting: true, largestContent: area) == nil)
        let probe = SceneProbe(scene)
        #expect(probe.window === scene.probedWindow && probe.collectionView === scene.probedCollectionView)
    }

    @Test func theExchangeSceneReportsItsLineUpAndChainsItsObserver() {
        let scene = ExchangeScene()
        #expect(scene.arrangement == scene.model.sections)
        #expect(scene.supplementaryViewCount == scene.model.numberOfSections)
        #expect(scene.segmentDuration == scene.animationDuration)
        var calls: [String] = []
        scene.onTransactionFinished = { _ in calls.append("app") }
        scene.observeFinishedTransactions { reported in
            calls.append("probe")
            #expect(reported == scene.model.sections)
        }
        scene.onTransactionFinished?(scene.model)
        #expect(calls == ["probe", "app"])
    }

    @Test func onlyTheExchangeSceneHasAnArrangement() {
        for kind in SceneKind.allCases {
            let scene = SceneCatalog.make(kind, items: kind == .cards ? 3 : 40)
            #expect((scene.arrangement != nil) == (kind == .exchange), "\(kind)")
        }
    }
}
