// swift-tools-version:6.0
// Kinetic: UIKit Dynamics, flow layouts and property animators rebuilt in Swift, shown through SDL2.
import PackageDescription

let unchecked: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "Kinetic",
    products: [
        .executable(name: "kinetic", targets: ["kinetic"]),
        .library(name: "KineticCore", targets: ["Geometry", "Dynamics", "Animation", "Layout", "Gestures", "Drawing", "Views", "Scenes"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Core: pure Swift, no SDL, no clock. Lower targets never import higher ones.
        .target(name: "CMath"),                                          // <math.h> only (no clock below the app)
        .target(name: "Geometry", dependencies: ["CMath"]),              // points, rects, transforms, index paths
        // DynamicAnimator and its behaviors. Optimised in debug builds too: its spring kernel is
        // generic over Double and SIMD2<Double>, and unspecialised generic SIMD arithmetic made the
        // debug solver (and every test that drags) about 3× slower. Its invariant checks are
        // `#if DEBUG` preconditions, so debug builds and tests still run them.
        .target(name: "Dynamics", dependencies: ["Geometry"],
                swiftSettings: unchecked + [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .target(name: "Animation", dependencies: ["Geometry"], swiftSettings: unchecked),          // timing curves, PropertyAnimator
        .target(name: "Layout", dependencies: ["Geometry", "Dynamics"], swiftSettings: unchecked), // LayoutAttributes, FlowLayout
        .target(name: "Gestures", dependencies: ["Geometry"]),           // recognizer state machines
        // Colours, display lists and the CPU rasterizer of layers. Optimised in debug builds too:
        // its per-pixel loops are ~50× slower unoptimised, which made debug runs and tests crawl.
        .target(name: "Drawing", dependencies: ["Geometry"],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .target(name: "Views", dependencies: ["Geometry", "Dynamics", "Animation", "Layout", "Gestures", "Drawing"], swiftSettings: unchecked),
        .target(name: "Scenes", dependencies: ["Geometry", "Dynamics", "Animation", "Layout", "Gestures", "Drawing", "Views"], swiftSettings: unchecked),
        // The lab as a library: the session (scenes, parameters, A/B halves, hotkeys, frame clock,
        // recording, the dump) and the fuzzer. No SDL, no clock: the window, headless runs, the
        // fuzzer and the tests all drive one LabSession.
        .target(name: "Lab", dependencies: ["Geometry", "Animation", "Dynamics", "Gestures", "Drawing", "Scenes"]),

        // C interop: the only door to SDL2, SDL2_ttf and SDL2_image.
        // The shim includes <SDL2/…> directly (SDL's own headers use quote includes), so no
        // pkg-config cflags are needed; sdl2's -D_REENTRANT would only trigger a SwiftPM warning.
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev"])]),

        // Backend: window, renderer, text, events, headless capture.
        .target(name: "SDLBackend", dependencies: ["Drawing", "Geometry", "CSDL2"]),

        // App: command line, frame loop, hotkeys, HUD, record/replay, bench.
        .executableTarget(name: "kinetic", dependencies: [
            "Geometry", "Dynamics", "Animation", "Layout", "Gestures", "Drawing", "Views", "Scenes", "Lab", "SDLBackend", "CSDL2",
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
        .testTarget(name: "SDLBackendTests", dependencies: ["SDLBackend", "Drawing", "Geometry", "KineticTestSupport"]),
        // kineticTests runs the built binary and reads its PNGs with SDLBackend's PNGImage (which
        // serialises SDL_image's global state itself), so it needs nothing beyond `make test`'s packages.
        .testTarget(name: "LabTests", dependencies: ["Lab", "Scenes", "Drawing", "Gestures", "Geometry"]),
        .testTarget(name: "kineticTests", dependencies: ["kinetic", "Lab", "Scenes", "SDLBackend", "Gestures", "Geometry"]),
    ],
    swiftLanguageModes: [.v6]
)
