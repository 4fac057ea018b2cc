/// MotionExport's header comment read back: the numbers it prints ("mass 1, stiffness 200,
/// damping 20", "cubic Bézier (0.42, 0), (0.58, 1) over 0.3 s") give the motion exactly, so a
/// whole exported block (or only its first line) reads as what was exported.
extension MotionImport {
    /// MotionExport's header: "mass M, stiffness K, damping C[, initial velocity V/s]" or
    /// "cubic Bézier (x1, y1), (x2, y2) over D s", anywhere in the text.
    static func header(in chars: [Character]) throws(TimingParametersError) -> ImportedMotion? {
        if let n = numbers(in: chars, after: ["mass ", ", stiffness ", ", damping "]) {
            let velocity = numbers(in: chars, after: ["mass ", ", stiffness ", ", damping ", ", initial velocity "])?[3] ?? 0
            return try Candidate(.physical, n, velocity: velocity, velocityName: "initial velocity", rank: .header,
                                 form: "the header comment", order: 0).motion
        }
        if let n = numbers(in: chars, after: ["cubic Bézier (", ", ", "), (", ", ", ") over "]) {
            return try Candidate(Reader.cubic(Array(n.prefix(4)), form: "cubic Bézier"), duration: n[4], form: "cubic Bézier", order: 0).motion
        }
        return nil
    }

    /// The numbers right after each of `labels` in turn, at the first place where all follow one
    /// another exactly.
    static func numbers(in chars: [Character], after labels: [String]) -> [Double]? {
        let patterns = labels.map(Array.init)
        func matches(_ pattern: [Character], at i: Int) -> Bool {
            guard i + pattern.count <= chars.count else { return false }
            for k in pattern.indices where chars[i + k] != pattern[k] { return false }
            return true
        }
        guard let firstCharacter = patterns.first?.first else { return nil }
        var start = 0
        while start < chars.count {
            defer { start += 1 }
            guard chars[start] == firstCharacter else { continue }
            var i = start
            var found: [Double] = []
            for pattern in patterns {
                guard matches(pattern, at: i) else { break }
                i += pattern.count
                guard let value = MotionSyntax.scanNumber(chars, &i) else { break }
                found.append(value)
            }
            if found.count == patterns.count { return found }
        }
        return nil
    }
}
