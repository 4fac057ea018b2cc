import Foundation

/// Reading numbers out of `JSONSerialization` results.
enum JSONInput {
    /// The value as a finite-or-not Double when it is a JSON number; nil for booleans, strings and
    /// everything else (Foundation boxes `true` as a number, so it is told apart by its type code).
    static func number(_ value: Any?) -> Double? {
        guard let n = value as? NSNumber else { return nil }
        if String(cString: n.objCType) == "c" { return nil } // a JSON boolean
        return n.doubleValue
    }
}
