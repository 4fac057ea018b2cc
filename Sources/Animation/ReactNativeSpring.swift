/// React Native's `Animated.spring` configurations and how React Native turns each into the
/// stiffness, damping and mass it runs (facebook/react-native,
/// packages/react-native/Libraries/Animated/animations/SpringAnimation.js, the constructor, and
/// Libraries/Animated/SpringConfig.js).
///
/// A config gives one of three forms; React Native refuses two at once ("You can define one of
/// bounciness/speed, tension/friction, or stiffness/damping/mass, but not more than one"):
/// - stiffness, damping, mass as they are (defaults 100, 10, 1);
/// - Origami's tension and friction (defaults 40, 7), converted by `fromOrigamiTensionAndFriction`
///   with mass 1: stiffness = (tension − 30)·3.62 + 194, damping = (friction − 8)·3 + 25
///   (SpringConfig.js lines 19–25; rebound's OrigamiValueConverter.java has the same formulas, but
///   maps 0 to 0, which React Native does not). 40/7 is stiffness 230.2, damping 22. This is the
///   form used when a config gives none of the others;
/// - Quartz Composer's bounciness and speed (defaults 8, 12), converted by `fromBouncinessAndSpeed`
///   to an Origami tension and friction and then as above, mass 1 (rebound's BouncyConversion.java
///   has the same maths).
///
/// React Native then requires stiffness > 0, damping > 0 and mass > 0 (its invariants).
public enum ReactNativeSpring {
    /// Default tension and friction (SpringAnimation.js: `config.tension ?? 40`, `config.friction ?? 7`).
    public static let defaultTensionFriction = (tension: 40.0, friction: 7.0)
    /// Default bounciness and speed (SpringAnimation.js: `config.bounciness ?? 8`, `config.speed ?? 12`).
    public static let defaultBouncinessSpeed = (bounciness: 8.0, speed: 12.0)
    /// Default stiffness, damping and mass (SpringAnimation.js: `?? 100`, `?? 10`, `?? 1`).
    public static let defaultPhysical = (stiffness: 100.0, damping: 10.0, mass: 1.0)

    /// The unit-mass stiffness and damping of Origami's `tension` and `friction`
    /// (SpringConfig.js `stiffnessFromOrigamiValue`, `dampingFromOrigamiValue`).
    public static func stiffnessDamping(tension: Double, friction: Double) -> (stiffness: Double, damping: Double) {
        ((tension - 30) * 3.62 + 194, (friction - 8) * 3 + 25)
    }

    /// The Origami tension and friction of a unit-mass `stiffness` and `damping`: the inverse of
    /// ``stiffnessDamping(tension:friction:)``.
    public static func tensionFriction(stiffness: Double, damping: Double) -> (tension: Double, friction: Double) {
        ((stiffness - 194) / 3.62 + 30, (damping - 25) / 3 + 8)
    }

    /// The unit-mass stiffness and damping of `bounciness` and `speed` (SpringConfig.js
    /// `fromBouncinessAndSpeed`): each scaled by 1/1.7 onto 0…20, the speed projected onto an
    /// Origami tension of 0.5…200, the bounciness onto 0…0.8 and eased (2b − b²) from the
    /// friction that does not bounce at that tension (a cubic in three pieces, split at tension
    /// 18 and 44) toward friction 0.01. Defaults 8, 12: stiffness ≈ 342.1, damping ≈ 24.68.
    public static func stiffnessDamping(bounciness: Double, speed: Double) -> (stiffness: Double, damping: Double) {
        let b = bounciness / 1.7 / 20 * 0.8
        let s = speed / 1.7 / 20
        let tension = 0.5 + s * (200 - 0.5)
        let noBounce: Double
        if tension <= 18 {
            noBounce = 0.0007 * tension * tension * tension - 0.031 * tension * tension + 0.64 * tension + 1.28
        } else if tension <= 44 {
            noBounce = 0.000044 * tension * tension * tension - 0.006 * tension * tension + 0.36 * tension + 2
        } else {
            noBounce = 0.00000045 * tension * tension * tension - 0.000332 * tension * tension + 0.1078 * tension + 5.84
        }
        let t = 2 * b - b * b
        let friction = t * 0.01 + (1 - t) * noBounce
        return stiffnessDamping(tension: tension, friction: friction)
    }

    /// The tension and friction of `spring`'s motion at unit mass, when React Native's
    /// tension/friction form gives exactly that motion with tension ≥ 0 and friction ≥ 0 (the
    /// values Origami's sliders take), nil otherwise. React Native runs tension/friction with
    /// mass 1, which keeps ω₀ and ζ (k/m and c/m).
    public static func tensionFriction(of spring: SpringConversion) -> (tension: Double, friction: Double)? {
        let origami = tensionFriction(stiffness: spring.unitMassStiffness, damping: spring.unitMassDamping)
        guard origami.tension >= 0, origami.friction >= 0, spring.damping > 0 else { return nil }
        return origami
    }
}
