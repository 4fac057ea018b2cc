/// Taking over another collection view's scrolling and pointer: the A/B compare's B copying A.
extension CollectionView {
    /// Takes over `other`'s scrolling (``ScrollView/adoptScrolling(of:)``) and where the pointer
    /// was last seen over it (``pointerLocationInWindow``), at the same place relative to this
    /// view: a layout that reacts to the pointer (the springy list's lag) then reacts alike.
    public func adoptScrollingAndPointer(of other: CollectionView) {
        adoptScrolling(of: other)
        pointerLocationInWindow = other.pointerLocationInWindow.map { convert(other.convert($0, from: nil), to: nil) }
    }
}
