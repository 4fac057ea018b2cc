// The Layout module: LayoutAttributes, CollectionViewLayout, FlowLayout (see the Views/Layout issue).
import Geometry
import Dynamics
