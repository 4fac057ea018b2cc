#!/usr/bin/env bash
# Proves the library can be depended on by version (issue 23 item 6): SwiftPM refuses a
# dependency resolved by version whose targets use `unsafeFlags`, so this builds what a user of
# the library would build.
#
#   1. clones this repository's committed HEAD into a temporary folder and tags it 1.0.0;
#   2. writes a new package beside it that depends on it with
#      `.package(url: "file://…/kinetic", from: "1.0.0")` and `.product(name: "KineticCore", …)`;
#   3. builds it (debug) and runs its executable, which creates a `DynamicAnimator` over two
#      `LayoutAttributes` (dynamic items, as in UIKit), adds gravity
#      and an attachment, steps it and checks that the items moved as they should; then, through
#      the `KineticLabUI` product, draws the lab's HUD and overlay for a scene of its own model
#      (a `LabInterfaceModel`) into a `DisplayList` and checks what they show.
#
# Exits non-zero when resolution, the build or the check fails. Uncommitted changes are not
# seen (the clone is of HEAD; REF=<commit or branch> checks another commit). KEEP=1 keeps the
# temporary folder and prints where it is.
# Needs no network: swift-argument-parser (the package's own dependency) resolves like the
# package's, through git's URL rewriting to the local mirror where there is one.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
# What a package depending on Kinetic sees: Package.swift adds its debug-only unsafe flag when
# this is set (the Makefile exports it for the project's own builds), and SwiftPM would refuse it.
unset KINETIC_OPTIMIZED_DEBUG
SWIFT="${SWIFT:-swift}"
VERSION="${VERSION:-1.0.0}"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/kinetic-depend.XXXXXX")"
if [ "${KEEP:-0}" = 1 ]; then
  echo "depend-by-version: keeping $tmp"
else
  # SwiftPM also leaves lock files beside the folder, named after its path.
  trap 'rm -rf "$tmp"; rm -f "$(dirname "$tmp")/$(echo "$tmp" | tr / _)"_*.lock' EXIT
fi

head="$(git -C "$root" rev-parse "${REF:-HEAD}^{commit}")"
git clone --quiet "$root" "$tmp/kinetic"
git -C "$tmp/kinetic" checkout --quiet --detach "$head"
git -C "$tmp/kinetic" -c user.name=depend-check -c user.email=depend-check@localhost \
  tag -a "$VERSION" -m "depend-by-version check" "$head"
echo "depend-by-version: $head tagged $VERSION in $tmp/kinetic"

mkdir -p "$tmp/consumer/Sources/Consumer"
cat > "$tmp/consumer/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Consumer",
    dependencies: [
        .package(url: "file://$tmp/kinetic", from: "$VERSION"),
    ],
    targets: [
        .executableTarget(name: "Consumer", dependencies: [
            .product(name: "KineticCore", package: "kinetic"),
            .product(name: "KineticLabUI", package: "kinetic"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
EOF

cat > "$tmp/consumer/Sources/Consumer/main.swift" <<'EOF'
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry
import Dynamics
import Layout
import Drawing
import Gestures
import Scenes
import LabUI

/// A 40 × 40 point item: a collection view's layout attributes are dynamic items, as in UIKit.
func box(_ item: Int, center: Point) -> LayoutAttributes {
    LayoutAttributes(forCellWith: IndexPath(item: item, section: 0),
                     frame: Rect(x: center.x - 20, y: center.y - 20, width: 40, height: 40))
}

func check(_ condition: Bool, _ message: String) {
    if !condition {
        print("FAIL: \(message)")
        exit(1)
    }
}

let animator = DynamicAnimator()
let falling = box(0, center: Point(x: 100, y: 100))
let hanging = box(1, center: Point(x: 300, y: 100))
let anchor = Point(x: 300, y: 50)
animator.addBehavior(GravityBehavior(items: [falling, hanging]))
animator.addBehavior(AttachmentBehavior(item: hanging, offsetFromCenter: Vector(dx: 10, dy: 0), attachedToAnchor: anchor))

for _ in 0..<30 { animator.step(1.0 / 60) }   // half a second

// Free fall at 1000 pt/s² for 0.5 s is 125 points.
let fell = falling.center.y - 100
print("falling item: \(falling.center), fell \(fell) pt")
check(fell > 100 && fell < 150, "the falling item fell \(fell) pt in 0.5 s, expected about 125")
check(abs(falling.center.x - 100) < 1e-9, "the falling item drifted sideways")
// The rigid attachment (off centre) keeps its length and swings the item.
let hangingMoved = hanging.center.distance(to: Point(x: 300, y: 100))
print("hanging item: \(hanging.center), moved \(hangingMoved) pt, rotation \(hanging.transform.rotationAngle)")
check(hangingMoved > 1, "the attached item did not move")
check(animator.elapsedTime > 0.49, "the animator's clock did not advance: \(animator.elapsedTime)")
// The lab's interface for a model of the package's own: a drag scene, its HUD and overlay drawn
// into a display list (no window, no SDL), as a host drawing its own frames would.
final class Model: LabInterfaceModel {
    let scene: any Scene = SceneCatalog.make(.drag, items: 10)
    var sceneB: (any Scene)? { nil }
    var tunedHalf: Int { 0 }
    var halfFrames: [Rect] { [] }
    var windowSize: Size { Size(width: 1280, height: 800) }
    var now: Double { 2 }
    var framesPerSecond: Double { 60 }
    var isPaused: Bool { false }
    var timeScale: Double { 1 }
    var refreshInterval: Double { 1.0 / 60 }
    var medianFrameTime: Double { 1.0 / 60 }
    func frameTimes(last seconds: Double) -> [Double] { Array(repeating: 1.0 / 60, count: 120) }
    var hudActivity: HUDActivity { .idle }
    var dialectParameters: [SceneParameter] { [] }
    var dialectTitle: String { "" }
    func handleRange(_ handles: (Point, Point)) -> ClosedRange<Double> { PlotMapping.cubicRange(handles.0, handles.1) }
    var hudExpanded: Bool { true }
    var helpShown: Bool { true }
    var noticeText: String? { "drawn by a package that depends on KineticLabUI" }
    var recordingText: String? { nil }
    var clipProgress: Double? { nil }
    var timelineVisible: Bool { true }
    var timelineEnd: Double { 2 }
    var timelineStripSpan: Double { 10 }
    var playhead: Double { 2 }
    var timelineParked: Bool { false }
    var timelineClipIn: Double? { nil }
    var timelineLogLines: [InputEvent] { [.pointer(.down(Point(x: 100, y: 100), at: 0.5)), .pointer(.up(Point(x: 100, y: 100), at: 1))] }
    var timelineFutureLines: [InputEvent] { [] }
}
let model = Model()
model.scene.resize(to: model.windowSize, contentFrame: HUDLayout.contentFrame(in: model.windowSize, expanded: true))
var overlay = Overlay()
var list = DisplayList()
overlay.draw(session: model, measurer: EstimatedTextMeasurer.shared, into: &list)
let texts = list.items.compactMap { item -> String? in if case let .text(s, _, _, _, _, _) = item.command { s } else { nil } }
print("overlay: \(list.items.count) commands, \(texts.count) texts")
check(texts.contains("Kinetic · \(model.scene.name)"), "no title line")
check(texts.contains("60 fps   16.7 ms   @60 Hz"), "no frame rate in the HUD")
check(model.scene.rowParameters.allSatisfy { texts.contains($0.label) }, "a parameter row is missing from the HUD")
check(texts.contains("Help · \(model.scene.name)"), "no help card")
check(texts.contains("2.00 s"), "no timeline strip")
check(texts.contains("drawn by a package that depends on KineticLabUI"), "no notice")
print("OK: KineticCore \(CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "") resolved by version, built and stepped a DynamicAnimator; KineticLabUI drew a HUD")
EOF

cd "$tmp/consumer"
start=$(date +%s)
if ! "$SWIFT" build > "$tmp/build.log" 2>&1; then
  tail -n 40 "$tmp/build.log" >&2
  echo "depend-by-version: FAILED to resolve or build a package that depends on KineticCore from: \"$VERSION\"" >&2
  exit 1
fi
grep -i "warning:" "$tmp/build.log" || true
echo "depend-by-version: resolved and built in $(( $(date +%s) - start )) s"
grep -A8 '"identity" : "kinetic"' Package.resolved | grep -q "\"version\" : \"$VERSION\"" \
  || { echo "depend-by-version: kinetic was not resolved by version $VERSION:" >&2; cat Package.resolved >&2; exit 1; }
"$SWIFT" run --skip-build Consumer "$VERSION"
