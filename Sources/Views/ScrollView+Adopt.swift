/// Taking over another scroll view's scrolling: the A/B compare's B copying A when it opens.
extension ScrollView {
    /// Takes over `other`'s content offset and the scrolling under way there (momentum, a
    /// bounce, wheel smoothing, an animated offset), which runs on here from the same state. A
    /// drag by hand is not taken over: this view's pan never began, so its axes are still.
    public func adoptScrolling(of other: ScrollView) {
        contentOffset = other.contentOffset
        axisX = other.axisX
        axisY = other.axisY
        if other.isDragging { axisX.stop(); axisY.stop() }
    }
}
