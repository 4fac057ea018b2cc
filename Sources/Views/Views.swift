// The Views module: View, Label, CollectionView, Window (see the Views/Layout issue).
import Geometry
