@_exported import SegueScene
