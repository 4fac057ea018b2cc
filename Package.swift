// swift-tools-version:6.0
// Kinetic: UIKit Dynamics, flow layouts and property animators rebuilt in Swift, shown through SDL2.
import PackageDescription

/// `-O` in debug builds, only when the Makefile asks for it: it exports KINETIC_OPTIMIZED_DEBUG=1,
/// so `make test`, `make e2e` and `make build` get it (a plain `swift build` or `swift test` does
/// not: same results, slower pixel loops). SwiftPM refuses `unsafeFlags` in a package depended on
/// by version, so a package that depends on `KineticCore` must see none; it sees none unless it
/// sets the variable itself (scripts/depend-by-version.sh checks this). `@_optimize(speed)` on
/// the hot functions was no substitute: it does not optimise them in an -Onone build.
/// No library target has any other unsafe flag; exclusivity checks are dropped where they cost
/// time with `@exclusivity(unchecked)` or private storage behind accessors (see `World`, `View`).
let optimizedInDebug: [SwiftSetting] = Context.environment["KINETIC_OPTIMIZED_DEBUG"] == "1"
    ? [.unsafeFlags(["-O"], .when(configuration: .debug))] : []

let package = Package(
    name: "Kinetic",
    products: [
        .executable(name: "kinetic", targets: ["kinetic"]),
        .library(name: "KineticCore", targets: ["Geometry", "Dynamics", "Animation", "Layout", "Gestures", "Drawing", "Views", "Scenes"]),
        // The lab's interface on its own: a host that draws scenes can draw the lab's HUD,
        // overlay and timeline strip over them without the lab's session (scripts/depend-by-version.sh).
        .library(name: "KineticLabUI", targets: ["LabUI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Core: pure Swift, no SDL, no clock. Lower targets never import higher ones.
        .target(name: "CMath"),                                          // <math.h> only (no clock below the app)
        .target(name: "Geometry", dependencies: ["CMath"]),              // points, rects, transforms, index paths
        // DynamicAnimator and its behaviors. Optimised in debug builds too under the Makefile (see
        // `optimizedInDebug`): its spring kernel is generic over Double and SIMD2<Double>, and
        // unspecialised generic SIMD arithmetic made the debug solver (and every test that drags)
        // about 3× slower. Its invariant checks are `#if DEBUG` preconditions, so debug builds
        // and tests still run them.
        .target(name: "Dynamics", dependencies: ["Geometry"], swiftSettings: optimizedInDebug),
        // Animation too is optimized in debug builds under the Makefile: the code import reader's
        // fuzz test (100,000 snippets in CI) spends most of its time fitting linear() springs.
        .target(name: "Animation", dependencies: ["Geometry"], swiftSettings: optimizedInDebug), // timing curves, PropertyAnimator
        .target(name: "Layout", dependencies: ["Geometry", "Dynamics"]), // LayoutAttributes, FlowLayout
        .target(name: "Gestures", dependencies: ["Geometry"]),           // recognizer state machines
        // Colours, display lists and the CPU rasterizer of layers. Optimised in debug builds too
        // under the Makefile (see `optimizedInDebug`): its per-pixel loops are ~50× slower
        // unoptimised, and kineticTests, which renders through the debug binary, took 39 s of CPU
        // instead of 21.
        .target(name: "Drawing", dependencies: ["Geometry"], swiftSettings: optimizedInDebug),
        .target(name: "Views", dependencies: ["Geometry", "Dynamics", "Animation", "Layout", "Gestures", "Drawing"]),
        .target(name: "Scenes", dependencies: ["Geometry", "Dynamics", "Animation", "Layout", "Gestures", "Drawing", "Views"]),
        // The lab's interface: the HUD, the overlay (title line, badges, help card, notices), the
        // curve plot and the timeline strip, with their layout and hit-testing geometry, drawn
        // into a DisplayList from what a LabInterfaceModel reports. Below Lab, which conforms
        // its session to that model; no SDL, no clock.
        .target(name: "LabUI", dependencies: ["Geometry", "Animation", "Dynamics", "Gestures", "Drawing", "Scenes"]),
        // The lab as a library: the session (scenes, parameters, A/B halves, hotkeys, frame clock,
        // recording, the dump) and the fuzzer. No SDL, no clock: the window, headless runs, the
        // fuzzer and the tests all drive one LabSession.
        .target(name: "Lab", dependencies: ["Geometry", "Animation", "Dynamics", "Gestures", "Drawing", "Scenes", "LabUI"]),

        // C interop: the only door to SDL2, SDL2_ttf and SDL2_image.
        // The shim includes <SDL2/…> directly (SDL's own headers use quote includes), so no
        // pkg-config cflags are needed; sdl2's -D_REENTRANT would only trigger a SwiftPM warning.
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev"])]),

        // Backend: window, renderer, text, events, headless capture.
        .target(name: "SDLBackend", dependencies: ["Drawing", "Geometry", "CSDL2"]),

        // App: command line, frame loop, hotkeys, HUD, record/replay, bench.
        .executableTarget(name: "kinetic", dependencies: [
            "Geometry", "Dynamics", "Animation", "Layout", "Gestures", "Drawing", "Views", "Scenes", "LabUI", "Lab", "SDLBackend", "CSDL2",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Tests: one target per module; every in-process SDL test lives in SDLBackendTests (serialized).
        .target(name: "KineticTestSupport", dependencies: ["Dynamics", "Geometry"], path: "Tests/Support"),   // reference coverage and a test item shared by tests (the seeded generator is Geometry.SeededRandom)
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics", "Geometry", "KineticTestSupport"]),
        .testTarget(name: "AnimationTests", dependencies: ["Animation", "Geometry"]),
        .testTarget(name: "LayoutTests", dependencies: ["Layout", "Dynamics", "Geometry"]),
        .testTarget(name: "GesturesTests", dependencies: ["Gestures", "Geometry"]),
        .testTarget(name: "DrawingTests", dependencies: ["Drawing", "Geometry", "KineticTestSupport"]),
        .testTarget(name: "ViewsTests", dependencies: ["Views", "Layout", "Gestures", "Animation", "Drawing", "Geometry"]),
        .testTarget(name: "ScenesTests", dependencies: ["KineticTestSupport", "Scenes", "Views", "Layout", "Dynamics", "Gestures", "Animation", "Drawing", "Geometry"]),
        .testTarget(name: "SDLBackendTests", dependencies: ["SDLBackend", "Drawing", "Geometry", "KineticTestSupport", "Lab", "LabUI", "Scenes", "Animation", "Gestures"]),
        // kineticTests runs the built binary and reads its PNGs with SDLBackend's PNGImage (which
        // serialises SDL_image's global state itself), so it needs nothing beyond `make test`'s packages.
        .testTarget(name: "LabUITests", dependencies: ["LabUI", "Scenes", "Animation", "Drawing", "Gestures", "Geometry"]),
        .testTarget(name: "LabTests", dependencies: ["Lab", "LabUI", "Scenes", "Drawing", "Gestures", "Geometry"]),
        .testTarget(name: "kineticTests", dependencies: ["kinetic", "Lab", "LabUI", "Scenes", "SDLBackend", "Gestures", "Geometry"]),
    ],
    swiftLanguageModes: [.v6]
)
