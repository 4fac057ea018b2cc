import Geometry
import Views

/// The cards scene's collection view data source: one card per city.
extension CardsScene: CollectionViewDataSource {
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { cities.count }

    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: CardCell.reuseIdentifier, for: indexPath) as! CardCell
        cell.carousel = layout
        cell.configure(with: cities[indexPath.item])
        return cell
    }
}
