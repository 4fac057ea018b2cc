// The Gestures module: pointer events and recognizer state machines (see the Views/Layout issue).
import Geometry
