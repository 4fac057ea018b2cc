/// Fine-tunes a recognizer's behaviour (UIKit's `UIGestureRecognizerDelegate`). Every method has a
/// default implementation, so adopt only what you need.
public protocol GestureRecognizerDelegate: AnyObject {
    /// Asked when `gestureRecognizer` is about to leave `possible` (to `began` or `recognized`);
    /// returning `false` makes it fail instead. Default `true`.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool

    /// Whether `gestureRecognizer` and `other` may be recognized at the same time. Either one's delegate
    /// answering `true` is enough. Default `false`: when one begins, the other fails.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool

    /// Asked at each pointer `.down`; returning `false` makes the recognizer ignore that whole
    /// pointer sequence (it stays `possible`). Default `true`.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive event: PointerEvent) -> Bool
}

extension GestureRecognizerDelegate {
    /// Default: `true`.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }
    /// Default: `false`.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { false }
    /// Default: `true`.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive event: PointerEvent) -> Bool { true }
}
