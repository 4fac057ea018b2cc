/// The scene file format in brief (`kinetic help scene-file`); docs/SCENE-FILES.md has every
/// key with its unit, default and range, and an example per feature.
package enum SceneFileHelp {
    /// About 50 lines of plain text, 79 columns at most (`kinetic help` wraps longer lines).
    package static var summary: String { """
    Scene files (kinetic run my-interaction.json): your own layers, behaviours,
    gestures and tunables, as JSON. Every key, unit, default and range:
    docs/SCENE-FILES.md.

    {
      "kinetic": 1,                          required: the format's version
      "title": "Sheet", "description": "…",  default: the file's name; empty
      "stage": {"size": [390, 844], "background": "#101418", "grid": 8,
                "guides": {"x": [195], "y": [400]}},      size required (points)
      "tunables": [{"name": "f", "value": 3, "min": 0.1, "max": 20,
                    "step": 0.1, "unit": "Hz"}],
      "layers": [{"id": "sheet", "type": "rectangle", "frame": [0, 500, 390, 800],
                  "color": "#FFFFFF", "cornerRadius": 16, "opacity": 1,
                  "scale": 1, "rotation": 0, "z": 1, "parent": "card",
                  "shadow": {"color": "#000000", "opacity": 0.3, "radius": 8,
                             "offset": [0, 4]}}],
      "behaviors": [{"type": "gravity", "items": ["dot"], "magnitude": 1,
                     "angle": 90}],
      "gestures": [{"layer": "sheet", "type": "pan", "axis": "y",
                    "release": {"detents": [[195, 600]]}}]
    }

    Layer types: rectangle, circle, text ("text", "fontSize", "align"), image
      ("src": a PNG relative to the file's folder), group (children name it as
      "parent").
    Behavior types (UIKit Dynamics' names and units; gravity 1 = 1000 pt/s²):
      gravity (items, magnitude, angle)
      collision (items, mode, stageEdges, insets, boundaries)
      attachment (item, toPoint | toLayer, kind spring|fixed|sliding|limit|pin,
                  length, frequency, damping, axis)
      snap (item, point, damping)
      push (items, mode instantaneous|continuous, magnitude, angle)
      field (kind, items, position, strength, falloff, region, …)
      itemProperties (items, elasticity, friction, density, resistance,
                      angularResistance, allowsRotation, anchored)
    Gesture types: tap, longPress (minimumDuration), pan (axis, attach,
      limits, rubberBand, release); "animations" fire on a tap, a long press or a
      pan's end; "pushes" fire instantaneous pushes (behaviour indices, from 0).
    Release: the detent nearest the projected centre wins: projected = position
      + velocity · rate / (1 − rate) / 1000; "decelerationRate" "normal" 0.998
      (default), "fast" 0.99.
    Rubber band past "limits": offset d shows as (1 − 1 / (d · c / D + 1)) · D,
      c = "rubberBand".
    Animations: {"layer", "to": {frame, opacity, scale, cornerRadius, color,
      rotation}, "spring": {"duration", "dampingRatio"} or
      "cubic": {"duration", "controlPoints"}, "toggles"}.

    Units: points, seconds, Hz; angles in degrees; colours "#RRGGBB", "#RRGGBBAA".
    Numbers behaviours, gestures and animations use may be "$name" of a tunable.
    Limits: 10,000 layers, sides ≤ 10,000 pt, coordinates within ±100,000,
      files ≤ 16 MB.
    An error is one line: file: line L, column C: the problem.
    """ }
}
