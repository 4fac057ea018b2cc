import Geometry

/// Measures the advance of a line of text, in points, for layout in library code (wrapping and
/// truncation). The backend measures with the real font (`Renderer` in `SDLBackend`); library code
/// and tests without a font use ``EstimatedTextMeasurer``.
public protocol TextMeasuring: AnyObject {
    /// Width of `text` set on one line at `size` points, in points.
    func width(of text: String, size: Double) -> Double
}

/// A measurer without a font: DejaVu Sans's average advance, about 0.6 em per character
/// (``TextMetrics/estimatedWidth(of:size:)``). Good enough to reserve room; not exact.
public final class EstimatedTextMeasurer: TextMeasuring, Sendable {
    /// The one shared instance (it has no state).
    public static let shared = EstimatedTextMeasurer()
    public init() {}
    public func width(of text: String, size: Double) -> Double { TextMetrics.estimatedWidth(of: text, size: size) }
}

/// Breaks text into lines that fit a width, the way `UILabel` does with `numberOfLines` and its
/// default `lineBreakMode` (`.byTruncatingTail`): greedy word wrapping, hard breaks at "\n", and
/// "…" at the end of the last allowed line when text is left over (so text never ends cut
/// mid-word without a sign). Pure and deterministic for a given measurer.
public enum TextLayout {
    /// The ellipsis appended to truncated text.
    public static let ellipsis = "…"

    /// Line height for a font `size` (points): 1.25 em, the spacing the app's labels use.
    public static func lineHeight(size: Double) -> Double { (size * 1.25).rounded(.up) }

    /// The lines of `text` at `size` points in `width` points.
    /// `maximumLines`: 0 means no limit (UIKit's `numberOfLines = 0`); 1 never wraps.
    public static func lines(_ text: String, size: Double, width: Double, maximumLines: Int = 0,
                             measurer: TextMeasuring) -> [String] {
        guard !text.isEmpty else { return [] }
        let limit = maximumLines <= 0 ? Int.max : maximumLines
        if limit == 1 {
            let firstLine = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? text
            let truncated = firstLine != text
            return [fit(firstLine, size: size, width: width, forceEllipsis: truncated, measurer: measurer)]
        }
        var out: [String] = []
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var pi = 0
        while pi < paragraphs.count {
            var words = paragraphs[pi].split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            if words.isEmpty { out.append(""); pi += 1; if out.count == limit { break } else { continue } }
            while !words.isEmpty {
                // Greedy: as many words as fit; a lone word wider than the line breaks by characters.
                var line = words[0]
                var used = 1
                if measurer.width(of: line, size: size) > width {
                    let (head, tail) = splitWord(line, size: size, width: width, measurer: measurer)
                    line = head
                    words[0] = tail
                    used = tail.isEmpty ? 1 : 0
                } else {
                    while used < words.count {
                        let candidate = line + " " + words[used]
                        guard measurer.width(of: candidate, size: size) <= width else { break }
                        line = candidate
                        used += 1
                    }
                }
                words.removeFirst(used)
                if out.count == limit - 1 {
                    // The last allowed line: what remains (this paragraph's rest and any later one) is cut.
                    let remains = !words.isEmpty || pi < paragraphs.count - 1
                    out.append(remains ? fit(line + " " + words.joined(separator: " "), size: size, width: width,
                                             forceEllipsis: true, measurer: measurer) : line)
                    return out
                }
                out.append(line)
            }
            pi += 1
        }
        return out
    }

    /// The height (points) `text` takes in `width` points: lines × ``lineHeight(size:)``.
    public static func height(of text: String, size: Double, width: Double, maximumLines: Int = 0,
                              measurer: TextMeasuring) -> Double {
        Double(lines(text, size: size, width: width, maximumLines: maximumLines, measurer: measurer).count) * lineHeight(size: size)
    }

    /// `line` as is when it fits (and no ellipsis is forced), else its longest prefix that fits
    /// with "…" after it (trailing spaces dropped). At least the ellipsis.
    public static func fit(_ line: String, size: Double, width: Double, forceEllipsis: Bool = false,
                           measurer: TextMeasuring) -> String {
        if !forceEllipsis && measurer.width(of: line, size: size) <= width { return line }
        let chars = Array(line)
        // Binary search on the prefix length: widths grow with the prefix.
        var lo = 0, hi = chars.count
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            let candidate = trimmed(chars[0..<mid]) + ellipsis
            if measurer.width(of: candidate, size: size) <= width { lo = mid } else { hi = mid - 1 }
        }
        return trimmed(chars[0..<lo]) + ellipsis
    }

    private static func trimmed(_ s: ArraySlice<Character>) -> String {
        var t = String(s)
        while t.last == " " { t.removeLast() }
        return t
    }

    /// A word wider than `width` split into the longest head that fits (at least one character) and the rest.
    private static func splitWord(_ word: String, size: Double, width: Double, measurer: TextMeasuring) -> (String, String) {
        let chars = Array(word)
        var lo = 1, hi = chars.count
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if measurer.width(of: String(chars[0..<mid]), size: size) <= width { lo = mid } else { hi = mid - 1 }
        }
        return (String(chars[0..<lo]), String(chars[lo...]))
    }
}
