/// Where the reader hands Google's platforms — Android views (`MotionImport+Android.swift`),
/// Jetpack Compose (`MotionImport+Compose.swift`) and Flutter (`MotionImport+Flutter.swift`) — the
/// calls and names it has no case for.
extension MotionImport.Reader {
    /// The calls read by Google's platforms (a label given twice in them is refused, as Kotlin,
    /// Java and Dart refuse it).
    static let googleCalls = MotionImport.androidCalls.union(MotionImport.flutterCalls)

    /// An Android interpolator or a Flutter spring or curve call, or nil.
    func googleCall(_ call: MotionSyntax.Call, duration: Double?, order: Int) throws(TimingParametersError) -> Candidate? {
        let base = MotionImport.base(call.name), form = MotionImport.clip(call.name) + "(…)"
        if let c = try androidCall(call, base: base, form: form, duration: duration, order: order) { return c }
        return try flutterCall(call, base: base, form: form, duration: duration, order: order)
    }

    /// A Flutter `Curves.x`, a Compose easing or an Android interpolator resource named `name`,
    /// over `duration` (else the text's own, else the platform's default), or nil.
    func googleName(_ name: String, duration: Double?, order: Int) throws(TimingParametersError) -> Candidate? {
        let seconds = duration ?? textDuration
        if let c = try MotionImport.flutterCurve(name, duration: seconds, order: order) { return c }
        if let c = try MotionImport.composeEasing(name, duration: seconds, order: order) { return c }
        return try MotionImport.androidResource(name, duration: seconds, order: order)
    }
}
