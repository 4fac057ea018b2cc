import Geometry

/// The Catalog's tap-to-push: both push demos measure a tap from the reference view's centre.
extension DemoStage {
    /// The stage's exact centre, stage points: the reference view's bounds' midpoint (the
    /// Catalog's `CGRectGetMidX/MidY(self.view.bounds)`), not rounded as ``center`` is.
    var midpoint: Point { Point(x: size.width / 2, y: size.height / 2) }

    /// The Catalog's push for a tap at `point` (stage points), in units of magnitude: at the angle
    /// from the stage's centre to the tap, one unit per 100 pt of the tap's distance from the
    /// centre, the distance capped at `cap` points (100 for the instantaneous push, 200 for the
    /// continuous one); zero for a tap on the centre. As `handlePushGesture:`
    /// (APLInstantaneousPushViewController.m) and `handlePushContinousGesture:`
    /// (APLContinuousPushViewController.m) set `magnitude = MIN(distance, cap) / 100` and
    /// `angle = atan2(dy, dx)`.
    func catalogPush(toward point: Point, cap: Double) -> Vector {
        let d = point - midpoint, distance = d.length
        guard distance > 0 else { return .zero }
        return d * (min(distance, cap) / distance / 100)
    }

    /// Where a push demo measures a click from and draws its arrow: the stage's centre in seed
    /// (the catalog's), nil in refined (from the square).
    var pushOrigin: Point? { variant == .seed ? midpoint : nil }

    /// A push demo's push for a click at `point` (stage points), in units of magnitude, written
    /// once for both push demos: in seed the catalog's (``catalogPush(toward:cap:)``); in refined
    /// one unit from `square` (the square's centre) toward the click, or nil for a click within
    /// 0.5 pt of it (no direction).
    func pushAim(toward point: Point, from square: Point, cap: Double) -> Vector? {
        if variant == .seed { return catalogPush(toward: point, cap: cap) }
        let d = point - square
        return d.length > 0.5 ? d.normalized : nil
    }
}

extension DemoDecoration {
    /// A push demo's decorations: the push `direction` (units of magnitude; nil or zero: none) as
    /// a red arrow 100 pt per unit, faded to `alpha`, from `origin` (the seed's stage centre,
    /// marked by a grey dot as the catalog marks it with a cross) or, when `origin` is nil
    /// (refined), from `square` (the square's centre), all in stage points.
    static func push(_ direction: Vector?, from origin: Point?, square: Point, alpha: Double = 1) -> [DemoDecoration] {
        let mark = origin.map { [DemoDecoration.dot($0, color: lineColor)] } ?? []
        guard let direction else { return mark }
        return mark + [.arrow(from: origin ?? square, vector: direction * 100, color: arrowColor, alpha: alpha)]
    }
}
