/// A pair of bodies a fast path steps side by side as SIMD lanes (``SoloDistancePair``,
/// ``FlockPair``).
protocol LanePair {
    /// Lane 0's body index.
    var body0: Int32 { get }
    /// Lane 1's body index (`body1 == body0` for a lone last lane).
    var body1: Int32 { get }
    /// Bodies in the pair: 2, or 1 for a lone last lane (computed, never stored back).
    var lanes: Int32 { get }
}

/// One ``LanePair`` in flight in a fast path's block (``SoloPairState``, ``FlockPairState``): its
/// lanes' positions and velocities (points, points per second) and their energy per unit mass at
/// the step start (see ``EnergyGuard``).
protocol LanePairState {
    /// The kind of pair it steps.
    associatedtype Pair: LanePair
    /// The pair's settings.
    var pair: UnsafePointer<Pair> { get }
    /// The lanes' positions, points.
    var x: SIMD2<Double> { get }
    var y: SIMD2<Double> { get }
    /// The lanes' velocities, points per second.
    var ux: SIMD2<Double> { get }
    var uy: SIMD2<Double> { get }
    /// Energy per unit mass at the step start.
    var energy: SIMD2<Double> { get }
    /// Energy per unit mass now, as the path sums it.
    func currentEnergy() -> SIMD2<Double>
}

/// The block gather and finish both fast paths share: each gathers the next pairs with an awake
/// lane into a block on the stack, runs its own kernel over the block, then finishes the lanes.
extension StepContext {
    /// Gathers into `block` the pairs from `pairs[q]` on (of `count`) that have an awake lane, at
    /// most `capacity`, while `belongs` holds for the next pair; returns how many, with `q` past
    /// the last pair read. `make` loads a pair's state from its bodies `b0` and `b1`, given whether
    /// both lanes are awake.
    @inline(__always)
    func gatherAwakePairs<State: LanePairState>(
        _ pairs: UnsafePointer<State.Pair>, count: Int, from q: inout Int,
        into block: UnsafeMutablePointer<State>, capacity: Int,
        while belongs: (UnsafePointer<State.Pair>) -> Bool = { _ in true },
        _ make: (_ pair: UnsafePointer<State.Pair>, _ b0: Int, _ b1: Int, _ bothAwake: Bool) -> State
    ) -> Int {
        var gathered = 0
        while q < count && gathered < capacity && belongs(pairs + q) {
            let pair = pairs + q
            q += 1
            let b0 = Int(pair.pointee.body0), b1 = Int(pair.pointee.body1)
            let awake0 = awake[b0], awake1 = pair.pointee.lanes == 2 && awake[b1]
            guard awake0 || awake1 else { continue }
            (block + gathered).initialize(to: make(pair, b0, b1, awake0 && awake1))
            gathered += 1
        }
        return gathered
    }

    /// Finishes the `count` pairs of `block` after the kernel ran (``finishLanes(_:_:lanes:x:y:ux:uy:energy:_:)``,
    /// unless `storedBoth` already stored a pair, given its end energy) and deinitializes them.
    /// Returns how many times the energy guard stepped in.
    @inline(__always)
    func finishPairs<State: LanePairState>(
        _ block: UnsafeMutablePointer<State>, count: Int,
        storedBoth: (_ state: State, _ endEnergy: SIMD2<Double>) -> Bool = { _, _ in false }
    ) -> Int {
        var triggers = 0
        for p in 0..<count {
            let s = block[p]
            let end = s.currentEnergy()
            if storedBoth(s, end) { continue }
            let pair = s.pair.pointee
            triggers += finishLanes(pair.body0, pair.body1, lanes: pair.lanes, x: s.x, y: s.y,
                                    ux: s.ux, uy: s.uy, energy: s.energy, end)
        }
        if count > 0 { block.deinitialize(count: count) }
        return triggers
    }
}
