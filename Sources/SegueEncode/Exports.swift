@_exported import SegueRaster
