@_exported import LocomotionDSP
