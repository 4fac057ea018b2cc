// The Scenes module: one folder per scene (Drag/, Springy/, Cards/, Exchange/) plus the Scene protocol.
import Geometry
