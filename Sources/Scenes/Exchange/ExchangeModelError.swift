/// Why an ``ExchangeModel`` is not valid; ``description`` is one line naming the problem.
public struct ExchangeModelError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message, e.g. `name "Ana" appears twice (sections 1 and 2)`.
    public let message: String
    /// Creates an error with `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
