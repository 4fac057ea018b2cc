import Geometry
import Animation

/// What the import reader must do with any text (the fuzz test's invariants).
extension MotionSnippets {
    /// The outcome of reading many snippets.
    package struct Report: Sendable {
        /// Snippets read.
        package var cases = 0
        /// Snippets read as a spring.
        package var springs = 0
        /// Snippets read as a curve.
        package var curves = 0
        /// Snippets refused (one line each).
        package var errors = 0
        /// Refusals for one of the reader's limits (length, depth, `linear()` stops).
        package var limitErrors = 0
        /// The first broken invariant (with the seed and the snippet's number), or nil.
        package var failure: String?
    }

    /// Reads `cases` snippets from `seed` and checks each (``problem(with:in:)``); stops at the
    /// first problem. No trap or hang can be reported: one would end the process or the test.
    package static func check(seed: UInt64, cases: Int, hugeChance: Double = 0.002) -> Report {
        var snippets = MotionSnippets(seed: seed, hugeChance: hugeChance)
        var report = Report()
        for k in 0..<cases {
            let text = snippets.next()
            report.cases += 1
            let outcome: Result<ImportedMotion, TimingParametersError>
            do { outcome = .success(try MotionImport.parse(text)) } catch { outcome = .failure(error) }
            switch outcome {
            case .success(.spring): report.springs += 1
            case .success(.curve): report.curves += 1
            case .failure(let error):
                report.errors += 1
                if Self.isLimitError(error) { report.limitErrors += 1 }
            }
            if let problem = problem(with: outcome, in: text) {
                report.failure = "seed \(seed), snippet \(k): \(problem) — the snippet (\(text.utf8.count) bytes): \(String(text.prefix(300)).debugDescription)"
                break
            }
        }
        return report
    }

    /// Whether `error` refuses a text for one of the reader's limits.
    static func isLimitError(_ error: TimingParametersError) -> Bool {
        ["bytes (128 KiB)", "nests brackets deeper than", "stops; the reader takes at most"].contains { error.message.contains($0) }
    }

    /// What is wrong with reading `text` as `outcome`, or nil:
    /// - a spring must have mass, stiffness and damping within 1e-6…1e6 (damping > 0: it
    ///   settles), the same for a unit mass, an initial velocity within ±10⁶, and finite derived
    ///   values: ω₀, frequency, damping ratio, response, settling duration;
    /// - a curve must have finite control points with x in 0…1 and |y| ≤ 10⁶, and a duration, when
    ///   it has one, in ``Animation/MotionImport/curveDurationRange``;
    /// - an error must be one non-empty line of at most 400 characters;
    /// - a text over ``Animation/MotionImport/maximumLength`` bytes must be refused for its length,
    ///   which bounds the work every text can take.
    package static func problem(with outcome: Result<ImportedMotion, TimingParametersError>, in text: String) -> String? {
        let range = SpringTimingParameters.parameterRange
        switch outcome {
        case .success(let motion):
            if text.utf8.count > MotionImport.maximumLength { return "a text of \(text.utf8.count) bytes was read" }
            switch motion {
            case .spring(let s):
                let derived = [s.angularFrequency, s.frequency, s.dampingRatio, s.response]
                guard [s.mass, s.stiffness, s.damping, s.unitMassStiffness, s.unitMassDamping].allSatisfy(range.contains),
                      s.initialVelocity.isFinite, abs(s.initialVelocity) <= SpringTimingParameters.maximumInitialVelocity,
                      derived.allSatisfy({ $0.isFinite && $0 > 0 }),
                      let settling = s.settlingDuration, settling.isFinite, settling > 0 else {
                    return "read a spring Kinetic cannot run: mass \(s.mass), stiffness \(s.stiffness), damping \(s.damping), "
                        + "velocity \(s.initialVelocity), ω₀ \(s.angularFrequency), ζ \(s.dampingRatio), settling \(String(describing: s.settlingDuration))"
                }
            case .curve(let c, let duration):
                let p1 = c.controlPoint1, p2 = c.controlPoint2
                guard [p1.x, p1.y, p2.x, p2.y].allSatisfy(\.isFinite), (0...1).contains(p1.x), (0...1).contains(p2.x),
                      abs(p1.y) <= CubicTimingParameters.maximumControlPointY, abs(p2.y) <= CubicTimingParameters.maximumControlPointY,
                      duration.map(MotionImport.curveDurationRange.contains) ?? true,
                      c.progress(at: 0.5).isFinite else {
                    return "read a curve Kinetic cannot run: \(p1), \(p2) over \(String(describing: duration)) s"
                }
            }
        case .failure(let error):
            let message = error.message
            if message.isEmpty || message.contains("\n") || message.count > 400 {
                return "the error is not one line of at most 400 characters: \(message.prefix(500).debugDescription)"
            }
            if text.utf8.count > MotionImport.maximumLength, !message.contains("bytes (128 KiB)") {
                return "a text of \(text.utf8.count) bytes was refused for another reason than its length: \(message)"
            }
        }
        return nil
    }
}
