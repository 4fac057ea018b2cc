/// Why timing parameters were rejected, for callers that validate input (a command line, a
/// parameters file) instead of trapping.
public struct TimingParametersError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One line naming the problem, for example
    /// "control point 1 x must lie in 0…1 (got 1.2)".
    public let message: String

    /// Creates an error with a one-line message.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
