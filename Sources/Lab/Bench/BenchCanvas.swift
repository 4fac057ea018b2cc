import Drawing

/// A headless canvas the frame benchmarks render into, as closures supplied by the host (the
/// executable wraps SDL's; library code has no SDL). Each is opened by ``BenchSuite/openCanvas``
/// and closed by the suite when its benchmark ends.
package struct BenchCanvas {
    /// Measures text as the canvas's renderer draws it.
    package var textMeasurer: TextMeasuring
    /// Rasterizes `list` and presents it.
    package var render: (DisplayList) -> Void
    /// Triangles the last ``render`` drew.
    package var triangles: () -> Int
    /// Closes the canvas and what it opened (SDL).
    package var close: () -> Void

    /// A canvas as given.
    package init(textMeasurer: TextMeasuring, render: @escaping (DisplayList) -> Void,
                 triangles: @escaping () -> Int = { 0 }, close: @escaping () -> Void = {}) {
        self.textMeasurer = textMeasurer
        self.render = render
        self.triangles = triangles
        self.close = close
    }
}
