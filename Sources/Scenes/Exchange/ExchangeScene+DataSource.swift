import Geometry
import Drawing
import Animation
import Gestures
import Layout
import Views

/// The line-up as the collection view's data: sections of names, a header per section.
extension ExchangeScene: CollectionViewDataSource {

    /// One section per model section.
    public func numberOfSections(in collectionView: CollectionView) -> Int { model.numberOfSections }

    /// The names in `section`.
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        model.numberOfItems(inSection: section)
    }

    /// A card with the name (darker, captioned "locked", when locked).
    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: ExchangeCell.reuseIdentifier, for: indexPath) as! ExchangeCell
        cell.configure(name: model.name(at: indexPath) ?? "", locked: model.isLocked(at: indexPath))
        return cell
    }

    /// The section's title as its header.
    public func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> View? {
        guard kind == FlowLayout.elementKindSectionHeader, model.titles.indices.contains(indexPath.section) else { return nil }
        return SectionHeaderView(title: model.titles[indexPath.section])
    }
}
