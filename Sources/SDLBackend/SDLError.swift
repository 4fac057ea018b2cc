internal import CSDL2

/// An SDL, SDL_ttf or SDL_image call failed; `message` carries the library's own explanation.
public struct SDLError: Error, CustomStringConvertible, Sendable {
    /// What Kinetic was doing, e.g. "SDL_CreateWindow".
    public let operation: String
    /// The text of `SDL_GetError()` at the time of failure.
    public let message: String

    /// Captures `SDL_GetError()` for `operation`.
    init(_ operation: String) {
        self.operation = operation
        self.message = String(cString: SDL_GetError())
    }

    /// An error with an explicit message (no SDL call involved).
    public init(_ operation: String, message: String) {
        self.operation = operation
        self.message = message
    }

    public var description: String { "\(operation) failed: \(message)" }
}
